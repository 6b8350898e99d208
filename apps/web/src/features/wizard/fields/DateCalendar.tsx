import { useEffect, useRef, useState } from 'react';
import { he } from '../../../shared/i18n/index.ts';
import { addMonths, isoParts, keyTarget, monthGrid, toIso } from './calendarGrid.ts';

export interface DateCalendarProps {
  label: string;
  selected: string | undefined;
  today: string;
  allowPast: boolean;
  onPick: (iso: string) => void;
  onClose: () => void;
}

/**
 * The Hebrew month calendar of a date field (lazy-loaded), a modal date picker dialog (WAI-ARIA APG): a grid of
 * day buttons with one tab stop; arrows move by day and week (left is the next day), PageUp/PageDown by month,
 * Home/End to the week's ends, Enter or Space picks, Esc closes; Tab and Shift+Tab go round the popup's buttons
 * and never leave it while it is open. Days before today are disabled unless past dates are allowed (a past date
 * is never emitted).
 */
export default function DateCalendar({ label, selected, today, allowPast, onPick, onClose }: DateCalendarProps) {
  const [focus, setFocus] = useState(() => (selected && (allowPast || selected >= today) ? selected : today));
  const grid = useRef<HTMLTableElement>(null);
  const { year, month } = isoParts(focus);
  const weeks = monthGrid(year, month);
  const disabled = (iso: string) => !allowPast && iso < today;
  const clamp = (iso: string) => (disabled(iso) ? today : iso);

  useEffect(() => {
    // Focus the day the first time and after each keyboard move.
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focus}"]`)?.focus();
  }, [focus]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      // The dialog is modal: Tab from its last stop goes to its first, Shift+Tab from the first to the last.
      const stops = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button')).filter(
        (b) => !b.disabled && b.tabIndex >= 0,
      );
      const edge = event.shiftKey ? stops[0] : stops.at(-1);
      const wrapTo = event.shiftKey ? stops.at(-1) : stops[0];
      if (wrapTo && (event.target === edge || !stops.includes(event.target as HTMLButtonElement))) {
        event.preventDefault();
        wrapTo.focus();
      }
      return;
    }
    if (!(event.target instanceof HTMLElement) || !event.target.dataset.date) return;
    const target = keyTarget(focus, event.key);
    if (!target) return;
    event.preventDefault();
    setFocus(clamp(target));
  };

  const monthTitle = `${he.fields.months[month - 1] ?? ''} ${year}`;
  return (
    <dialog open className="calendar" aria-modal="true" aria-label={he.fields.calendarOf(label)} onKeyDown={onKeyDown}>
      <div className="calendar__head">
        <button
          type="button"
          className="calendar__nav"
          aria-label={he.fields.previousMonth}
          disabled={!allowPast && toIso(year, month, 1) <= today}
          onClick={() => setFocus(clamp(addMonths(focus, -1)))}
        >
          ›
        </button>
        <p className="calendar__title" aria-live="polite">
          {monthTitle}
        </p>
        <button
          type="button"
          className="calendar__nav"
          aria-label={he.fields.nextMonth}
          onClick={() => setFocus(addMonths(focus, 1))}
        >
          ‹
        </button>
      </div>
      <table ref={grid} className="calendar__grid">
        <caption className="visually-hidden">{monthTitle}</caption>
        <thead>
          <tr>
            {he.fields.weekdays.map((day, index) => (
              <th key={day} scope="col" abbr={he.fields.weekdayNames[index]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((iso, index) =>
                iso ? (
                  <td key={iso}>
                    <button
                      type="button"
                      data-date={iso}
                      tabIndex={iso === focus ? 0 : -1}
                      className={`calendar__day${iso === selected ? ' calendar__day--selected' : ''}${iso === today ? ' calendar__day--today' : ''}`}
                      aria-pressed={iso === selected}
                      aria-label={`${isoParts(iso).day} ${monthTitle}`}
                      disabled={disabled(iso)}
                      onClick={() => onPick(iso)}
                    >
                      {isoParts(iso).day}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty cells of a fixed week
                  <td key={`empty-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn--link" onClick={onClose}>
        {he.common.close}
      </button>
    </dialog>
  );
}
