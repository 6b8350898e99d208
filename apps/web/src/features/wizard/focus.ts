/** Focus and scroll helpers of the wizard (run after React has painted the change). */

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Space kept between the sticky top bar and what is scrolled to it. */
const BELOW_BAR_PX = 12;

/**
 * The height of the sticky top bar (0 when there is none or it does not stick), measured when scrolling: it
 * wraps to two lines on a phone and the user's name changes its width.
 */
export function stickyBarHeight(): number {
  const bar = document.querySelector<HTMLElement>('.topbar');
  if (!bar) return 0;
  const { position } = getComputedStyle(bar);
  return position === 'sticky' || position === 'fixed' ? bar.getBoundingClientRect().height : 0;
}

/**
 * Keeps what the page scrolls to (a step's heading, a focused field) clear of the sticky top bar: the
 * document's scroll padding (which scrollIntoView and focus scrolling respect) is the bar's height.
 */
export function keepClearOfStickyBar(): void {
  document.documentElement.style.setProperty('--sticky-bar-height', `${stickyBarHeight() + BELOW_BAR_PX}px`);
}

function reveal(element: HTMLElement) {
  keepClearOfStickyBar();
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

/**
 * Moves focus to an opened step's heading and scrolls it to just below the sticky top bar: smoothly when the user
 * moves between steps, at once (`jump`) when the form first shows (a reload on a later step: an animation while the
 * page loads is frames of work for nothing).
 */
export function focusStep(stepIndex: number, jump = false): void {
  setTimeout(() => {
    const heading = document.querySelector<HTMLElement>(`[data-step-index="${stepIndex}"] [data-step-heading]`);
    if (!heading) return;
    // Something already put the focus inside the step (a strength tip focusing its field as the step opens): keep it.
    const step = heading.closest('[data-step-index]');
    if (step && document.activeElement !== heading && step.contains(document.activeElement)) return;
    heading.focus({ preventScroll: true });
    keepClearOfStickyBar();
    const smooth = !jump && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }, 30);
}

/**
 * A wizard that ends on its save step (no plan step): the saved note replaces the fields and the button that had
 * the focus, so the focus moves to the note's title (else it would fall to the page's start).
 */
export function focusSavedNote(stepIndex: number): void {
  setTimeout(() => {
    const title = document.querySelector<HTMLElement>(`[data-step-index="${stepIndex}"] .saved-note__title`);
    if (!title) return;
    title.focus({ preventScroll: true });
    reveal(title);
  }, 30);
}
