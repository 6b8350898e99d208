import { useId, useState } from 'react';
import { he } from '../i18n/index.ts';

interface TooltipProps {
  text: string;
  label: string;
  /** Controlled use: the field decides too (the video field closes it when the upload succeeds). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** A toggletip: a small "i" button that shows (and announces) its text; Esc or a second press hides it. */
export function Tooltip({ text, label, open: controlled, onOpenChange }: TooltipProps) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(open) : next;
    setOwn(value);
    onOpenChange?.(value);
  };
  const id = useId();
  return (
    <span className="tooltip">
      <button
        type="button"
        className="tooltip__button"
        aria-label={he.fields.moreInfo(label)}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        onBlur={() => setOpen(false)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 7v4.5M8 4.6v.1" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </svg>
      </button>
      <span id={id} role="status" className="tooltip__bubble" hidden={!open}>
        {open ? text : ''}
      </span>
    </span>
  );
}
