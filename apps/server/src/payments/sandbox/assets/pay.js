// The mobile-payment page: asks the sandbox for the session's status every two seconds and, once the payment is
// approved or declined (on the phone or by the button), sends this frame to the merchant's URL; once it expired
// unapproved, reloads (the page then shows the timed-out message).
(() => {
  var el = document.querySelector('[data-status-url]');
  if (!el) return;
  var url = el.getAttribute('data-status-url');
  function poll() {
    fetch(url, { cache: 'no-store' })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => {
        if (body?.next) {
          window.location.assign(body.next);
          return;
        }
        // The session's lifetime passed before an approval: the page itself says so (its expired state).
        if (body?.expired) {
          window.location.reload();
          return;
        }
        setTimeout(poll, 2000);
      })
      .catch(() => {
        setTimeout(poll, 4000);
      });
  }
  setTimeout(poll, 2000);
})();
