/**
 * Three seconds of confetti over the page (after-save-area.md §4, §9: confetti 3000 ms on the crown's click).
 * canvas-confetti is loaded only now (a dynamic import: no weight on any first screen). It draws on a canvas of
 * our own without a worker: a worker from a blob: URL is refused by our CSP (script-src 'self'). Nothing moves
 * for a user who asked for reduced motion.
 */
import { CONFETTI_MS } from './adStrength.ts';

export async function celebrate(durationMs = CONFETTI_MS): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.className = 'strength-confetti';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.testid = 'strength-confetti';
  document.body.append(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  const end = Date.now() + durationMs;
  const colors = ['#ff7100', '#1e9e50', '#d98c00', '#1d4ed8'];
  await new Promise<void>((done) => {
    const frame = () => {
      void fire({ particleCount: 4, angle: 60, spread: 55, origin: { x: 0, y: 0.7 }, colors });
      void fire({ particleCount: 4, angle: 120, spread: 55, origin: { x: 1, y: 0.7 }, colors });
      if (Date.now() < end) requestAnimationFrame(frame);
      else done();
    };
    frame();
  });
  // The last pieces fall for a moment; then the canvas goes.
  setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, 1200);
}
