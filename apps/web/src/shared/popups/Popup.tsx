import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useIsMobile } from '../hooks/index.ts';
import { he } from '../i18n/index.ts';
import { initialFocusTarget, trapTab } from './focusTrap.ts';
import { markPopupOpened, usePopupHistory } from './popupHistory.ts';
import { DEFAULT_POPUP_SIZE, type PopupKind, type PopupSize, popupMinHeight, popupWidth } from './popupSize.ts';
import './popup.css';

export type PopupCloseReason = 'button' | 'overlay' | 'escape' | 'back';

export interface PopupProps {
  /** Title; it names the dialog. */
  header: string;
  subheader?: string;
  size?: PopupSize;
  position?: 'center' | 'top';
  /** Body of the popup (children win over content). Missing both shows 'תוכן חסר :('. */
  content?: ReactNode;
  children?: ReactNode;
  onClose: (reason: PopupCloseReason) => void;
  /** The overlay, Esc and the close button do not close it (browser back still does). */
  disableClose?: boolean;
  /**
   * Not closable at all (the spec's generic failure popup): no close button, and neither the overlay, Esc nor
   * browser back closes it; only its own buttons lead on.
   */
  persistent?: boolean;
  /** Id of the form field the popup belongs to, if any (data-field-id on the dialog). */
  fieldId?: string;
  kind?: PopupKind;
  className?: string;
}

/** Generic popup overlay (spec §2 "Popups"): modal dialog, focus trapped and returned, closes on back/Esc. */
export function Popup(props: PopupProps) {
  const { header, subheader, size = DEFAULT_POPUP_SIZE, position = 'center', kind = 'default' } = props;
  const { onClose, persistent = false } = props;
  const disableClose = persistent || (props.disableClose ?? false);
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const isMobile = useIsMobile();

  // onClose is called at most once, whatever closes the popup first.
  const closed = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const close = useRef((reason: PopupCloseReason) => {
    if (closed.current) return;
    closed.current = true;
    onCloseRef.current(reason);
  }).current;

  usePopupHistory(id, () => close('back'), persistent);

  useEffect(() => {
    closed.current = false;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unmark = markPopupOpened();
    if (dialogRef.current) initialFocusTarget(dialogRef.current).focus();
    return () => {
      unmark();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // A popup that switches its content (new header, e.g. a nested menu) moves focus into the new content.
  const shownHeader = useRef(header);
  useEffect(() => {
    if (shownHeader.current === header) return;
    shownHeader.current = header;
    if (dialogRef.current) initialFocusTarget(dialogRef.current).focus();
  }, [header]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    // Events from a nested popup bubble here through the React tree: let the nested popup handle them.
    if (!(event.target instanceof Node) || !dialogRef.current?.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!disableClose) close('escape');
      return;
    }
    if (dialogRef.current) trapTab(event, dialogRef.current);
  };

  // A press on the overlay itself (outside the dialog) closes, unless closing is disabled.
  const overlayRef = useRef<HTMLDivElement>(null);
  const disableCloseRef = useRef(disableClose);
  disableCloseRef.current = disableClose;
  useEffect(() => {
    const overlay = overlayRef.current;
    const onPress = (event: MouseEvent) => {
      if (event.target === overlay && !disableCloseRef.current) close('overlay');
    };
    overlay?.addEventListener('mousedown', onPress);
    return () => overlay?.removeEventListener('mousedown', onPress);
  }, [close]);

  const body = props.children ?? props.content ?? <p className="popup__missing">{he.common.missingContent}</p>;

  return createPortal(
    <div ref={overlayRef} className={`popup-overlay popup-overlay--${position} popup-overlay--${kind}`}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-header`}
        aria-describedby={subheader ? `${id}-subheader` : undefined}
        data-field-id={props.fieldId}
        tabIndex={-1}
        className={`popup popup--${kind}${props.className ? ` ${props.className}` : ''}`}
        style={{ width: popupWidth(size, isMobile, kind), minHeight: popupMinHeight(size, isMobile) }}
        onKeyDown={onKeyDown}
      >
        <div className="popup__head">
          <h2 id={`${id}-header`} className="popup__title">
            {header}
          </h2>
          {subheader && (
            <p id={`${id}-subheader`} className="popup__subtitle">
              {subheader}
            </p>
          )}
        </div>
        {!disableClose && (
          <button type="button" className="popup__close" aria-label={he.common.close} onClick={() => close('button')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <div className="popup__body">{body}</div>
      </div>
    </div>,
    document.body,
  );
}
