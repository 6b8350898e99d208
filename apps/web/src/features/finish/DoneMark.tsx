/** The finish pages' done mark: a tick in a circle, beside the heading that says what was done. */
export function DoneMark() {
  return (
    <span className="finish__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </span>
  );
}
