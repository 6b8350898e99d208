import type { Option } from '@app/form-engine/model';
import { emptyValue } from '@app/form-engine/values';
import { useEffect, useRef, useState } from 'react';
import { he } from '../i18n/he.ts';
import {
  AUTOCOMPLETE_BLUR_CLOSE_MS,
  AUTOCOMPLETE_DEBOUNCE_MS,
  keywordOf,
  moveActive,
  shouldSuggest,
} from './autocompleteKeys.ts';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, labelOf, textValue, type WidgetProps } from './types.ts';

/**
 * ARIA combobox over a field's dataUrl (keyword parameter `keyword`): suggestions after the minimum
 * characters with a 200 ms debounce; arrows move, Enter or Tab chooses, Esc closes; leaving without a
 * choice clears the text and says 'יש לבחור {label} מתוך הרשימה' (the list closes 300 ms after blur).
 */
export function AutocompleteInput(props: WidgetProps) {
  const { field, ids, onChange, env } = props;
  const { def } = field;
  const prefs = def.autoCompletePreferenceObject;
  const numeric = prefs?.isNumeric === true;
  const chosenText = field.options?.find((o) => o.value === field.value)?.text ?? textValue(field.value);
  const [text, setText] = useState(field.value === '-1' ? '' : chosenText);
  const [list, setList] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localError, setLocalError] = useState<string>();
  const chosen = useRef(field.value !== undefined && field.value !== '' && field.value !== '-1');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef(0);
  const listId = `${ids.input}-list`;
  const localErrorId = `${ids.input}-local-error`;

  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (option: Option) => {
    chosen.current = true;
    setText(option.text);
    setOpen(false);
    setActive(-1);
    setLocalError(undefined);
    env.rememberChoice(def.id, option);
    onChange(option.value);
  };

  const type = (typed: string) => {
    const keyword = keywordOf(typed, numeric);
    setText(keyword);
    setLocalError(undefined);
    if (chosen.current) {
      chosen.current = false;
      onChange(emptyValue(def));
    }
    clearTimeout(timer.current);
    if (!shouldSuggest(keyword, prefs?.minCharacters)) {
      setOpen(false);
      setList([]);
      return;
    }
    const mine = ++request.current;
    timer.current = setTimeout(async () => {
      const found = await env.suggest(def, keyword);
      if (mine !== request.current) return; // a newer keyword was typed
      setList(found ?? []);
      setActive(-1);
      setOpen((found ?? []).length > 0);
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && open && active >= 0) {
      const option = list[active];
      if (option) {
        if (event.key === 'Enter') event.preventDefault();
        choose(option);
      }
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const next = moveActive(event.key, active, list.length);
    if (next === undefined) return;
    event.preventDefault();
    setOpen(list.length > 0);
    setActive(next);
  };

  const onBlur = () => {
    clearTimeout(timer.current);
    setTimeout(() => {
      setOpen(false);
      if (!chosen.current && text.trim() !== '') {
        setText('');
        setLocalError(he.fields.chooseFromList(labelOf(field)));
      }
    }, AUTOCOMPLETE_BLUR_CLOSE_MS);
  };

  const aria = inputAria(props);
  const describedBy = [aria['aria-describedby'], localError ? localErrorId : ''].filter(Boolean).join(' ');
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <div className="combobox">
        <input
          id={ids.input}
          name={def.name ?? def.id}
          className="field__input"
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          inputMode={numeric ? 'numeric' : undefined}
          autoComplete="off"
          value={text}
          placeholder={def.placeholder}
          disabled={!field.enabled}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          {...aria}
          aria-invalid={aria['aria-invalid'] || (localError ? true : undefined)}
          aria-describedby={describedBy || undefined}
        />
        <div id={listId} role="listbox" aria-label={labelOf(field)} className="combobox__list" hidden={!open}>
          {list.map((option, index) => (
            <div
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={`combobox__option${index === active ? ' combobox__option--active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option.text}
            </div>
          ))}
        </div>
      </div>
      <div aria-live="polite">
        {localError && (
          <p id={localErrorId} className="field__error">
            {localError}
          </p>
        )}
      </div>
    </>
  );
}
