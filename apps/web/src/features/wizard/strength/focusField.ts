/** Focus of a tip's field: wait for its step to open (a move may run the server's step check), then focus it. */

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** Polls every 50 ms for up to 4 s (a forward move waits for check-step) for the field of the step, then focuses it. */
export function focusField(step: number, fieldId: string, tries = 80): void {
  const field = document.querySelector<HTMLElement>(
    `[data-step-index="${step}"] [data-field-id="${CSS.escape(fieldId)}"]`,
  );
  const open = field?.closest('.step')?.querySelector('.step__body');
  if (!field || !open) {
    if (tries > 0) setTimeout(() => focusField(step, fieldId, tries - 1), 50);
    return;
  }
  // A ghost field shows a button that opens it: open it, then focus what it shows.
  if (field.classList.contains('field--ghost')) {
    field.querySelector<HTMLButtonElement>('button')?.click();
    setTimeout(() => focusField(step, fieldId, tries - 1), 50);
    return;
  }
  const target = field.querySelector<HTMLElement>(FOCUSABLE) ?? field;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
}
