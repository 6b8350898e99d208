import { useEffect, useId, useRef, useState } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';

export interface UserMenuProps {
  name: string;
  /** Logout and login as another user: absent while publishing (spec §2 hides both there). */
  onLogout?: (() => void) | undefined;
  onLoginAsOther?: (() => void) | undefined;
}

/**
 * The logged-in user's name with a menu (menu button pattern): the user's ads (/my-ads), then logout and login as
 * another user when given.
 */
export function UserMenu({ name, onLogout, onLoginAsOther }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    buttonRef.current?.focus();
    action();
  };

  const onMenuKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
      if (event.key === 'Escape') buttonRef.current?.focus();
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon />
        <span className="user-menu__name">{name}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {open && (
        <div ref={menuRef} id={`${id}-menu`} role="menu" className="user-menu__list" onKeyDown={onMenuKey}>
          <Link to="/my-ads" role="menuitem" tabIndex={-1} onClick={() => setOpen(false)}>
            {he.topBar.myAds}
          </Link>
          {onLogout && (
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onLogout)}>
              {he.topBar.logout}
            </button>
          )}
          {onLoginAsOther && (
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onLoginAsOther)}>
              {he.topBar.loginAsOther}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
