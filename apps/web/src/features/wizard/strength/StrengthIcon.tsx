import type { StrengthIcon as Icon } from './adStrength.ts';

/** The level's icon (participation medal, cup, crown) as inline SVG: no emoji font needed. */
export function StrengthIcon({ icon }: { icon: Exclude<Icon, 'none'> }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false" className="strength__svg">
      {icon === 'medal' && (
        <>
          <path d="M7 2h4l2 6H9zM13 2h4l-2 6h-4z" fill="#c0392b" />
          <circle cx="12" cy="15" r="6" fill="#e0a458" stroke="#9a6a2f" strokeWidth="1.2" />
          <path d="M12 11.8l1 2.1 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z" fill="#fff6e0" />
        </>
      )}
      {icon === 'cup' && (
        <>
          <path d="M7 3h10v5a5 5 0 0 1-10 0z" fill="#d98c00" />
          <path d="M7 4H4v2a3 3 0 0 0 3 3M17 4h3v2a3 3 0 0 1-3 3" fill="none" stroke="#d98c00" strokeWidth="1.6" />
          <path d="M11 13h2v4h-2zM8 18h8v3H8z" fill="#a86c00" />
        </>
      )}
      {icon === 'crown' && (
        <>
          <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="#1e9e50" stroke="#14703a" strokeWidth="1" />
          <circle cx="12" cy="15" r="1.6" fill="#fff" />
        </>
      )}
    </svg>
  );
}
