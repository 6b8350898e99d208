/** Focus and scroll helpers of the wizard (run after React has painted the change). */

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

function reveal(element: HTMLElement) {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
}

/** Scrolls to the first invalid field of a step and focuses its input. */
export function focusFirstError(stepIndex: number): void {
  setTimeout(() => {
    const step = document.querySelector<HTMLElement>(`[data-step-index="${stepIndex}"]`);
    const invalid = step?.querySelector<HTMLElement>('.field--invalid');
    if (!invalid) return;
    const input = invalid.querySelector<HTMLElement>(FOCUSABLE);
    (input ?? invalid).focus({ preventScroll: true });
    reveal(invalid);
  }, 30);
}

/** Moves focus to an opened step's heading and scrolls it into view. */
export function focusStep(stepIndex: number): void {
  setTimeout(() => {
    const heading = document.querySelector<HTMLElement>(`[data-step-index="${stepIndex}"] [data-step-heading]`);
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }, 30);
}
