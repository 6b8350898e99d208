/**
 * The console's navigation: a link to each section of the member's role, the current one marked (aria-current).
 * Beside the content on a wide screen; on a phone a menu button (naming the section open now) shows and hides the
 * list, and closes it once a section is chosen or on Escape.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { StaffRole } from '../../shared/api/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { type Section, sectionPath, sectionsOf } from './sections.ts';

const t = heOperator;

export function ConsoleNav({ role, current }: { role: StaffRole; current: Section | null }) {
  // The phone's menu is open on the section it was opened on: another one shown (a link, Back) closes it.
  const [openOn, setOpenOn] = useState<Section | null | undefined>(undefined);
  const open = openOn !== undefined && openOn === current;
  const setOpen = (now: boolean) => setOpenOn(now ? current : undefined);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <nav className="console-nav" aria-label={t.navLabel} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="btn btn--secondary console-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span>{current ? `${t.menu}: ${t.sections[current]}` : t.menu}</span>
        <span className="console-nav__chevron" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <ul id={listId} className={open ? 'console-nav__list console-nav__list--open' : 'console-nav__list'}>
        {sectionsOf(role).map((section) => (
          <li key={section}>
            <Link
              to={sectionPath(section)}
              aria-current={section === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {t.sections[section]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
