import type { Picker, PickerEntry } from '@app/catalog/pickers';
import { useId, useRef, useState } from 'react';

export interface SubCategoryPickerProps {
  picker: Picker;
  activeId: string | undefined;
  onChoose: (entry: PickerEntry) => void;
}

/** Next index for a key in a right-to-left row of radios; undefined for other keys. */
function moveIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowRight':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * Radio-style buttons in rows (role radiogroup). Arrow keys move between entries (one tab stop);
 * Enter, Space or a click chooses the entry, which moves the wizard to step 1.
 */
export function SubCategoryPicker({ picker, activeId, onChoose }: SubCategoryPickerProps) {
  const id = useId();
  const [chosen, setChosen] = useState(activeId);
  const current = chosen ?? activeId;
  const [focusIndex, setFocusIndex] = useState(() =>
    Math.max(
      0,
      picker.entries.findIndex((e) => e.id === current),
    ),
  );
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (entry: PickerEntry) => {
    setChosen(entry.id);
    onChoose(entry);
  };

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const next = moveIndex(event.key, index, picker.entries.length);
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="picker">
      <p id={`${id}-label`} className="picker__label">
        {picker.label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        className="picker__options"
        data-testid={`picker-${picker.id}`}
      >
        {picker.entries.map((entry, index) => (
          // biome-ignore lint/a11y/useSemanticElements: native radios choose on arrow keys, and choosing navigates
          <button
            key={entry.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={entry.id === current}
            tabIndex={index === focusIndex ? 0 : -1}
            className="picker__option"
            onClick={() => choose(entry)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onFocus={() => setFocusIndex(index)}
          >
            {entry.title}
          </button>
        ))}
      </div>
    </div>
  );
}
