/** The finish pages' round icon: a tick, or an exclamation mark when the payment failed. */
export function FinishIcon({ failed = false }: { failed?: boolean }) {
  return (
    <span
      className={`finish__icon${failed ? ' finish__icon--failure' : ''}`}
      aria-hidden="true"
      data-testid="finish-icon"
      data-variant={failed ? 'failure' : 'done'}
    >
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path
          d={failed ? 'M12 6v8M12 18v.5' : 'M5 12.5l4.5 4.5L19 7.5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
