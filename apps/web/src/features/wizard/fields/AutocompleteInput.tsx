import type { Option } from '@app/form-engine/model';
import { emptyValue, isChosen } from '@app/form-engine/values';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { FieldLabel, inputAria, labelOf, type WidgetProps } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import {
  AUTOCOMPLETE_BLUR_CLOSE_MS,
  AUTOCOMPLETE_DEBOUNCE_MS,
  keywordOf,
  moveActive,
  shouldSuggest,
} from './autocompleteKeys.ts';
import { InputNoticeRegion, useInputNotice } from './InputNotice.tsx';
import { type InputNotice, textEdit } from './inputFilter.ts';

export interface AutocompleteBoxProps extends WidgetProps {
  /** Wait after the last keystroke before asking (default 200 ms). */
  debounceMs?: number;
  /** Where suggestions come from (default: the field's dataUrl through the wizard). */
  suggest?: (keyword: string, signal: AbortSignal) => Promise<Option[] | null>;
  /** Every answer for a keyword (null: the call failed). */
  onAnswer?: (keyword: string, options: Option[] | null) => void;
  /** Leaving without a choice clears the text but says nothing (another message stands in for it). */
  quiet?: boolean;
  /** Shown under the input (an offer, a note). */
  children?: ReactNode;
  /**
   * A text the input keeps without a choice (the street the user reported as missing): it is shown, and
   * leaving the input does not clear it. Typing something else calls onKeptDropped.
   */
  keptText?: string | undefined;
  onKeptDropped?: () => void;
}

/** The field's own autocomplete: suggestions from its dataUrl, 200 ms debounce. */
export function AutocompleteInput(props: WidgetProps) {
  return <AutocompleteBox {...props} />;
}

/**
 * ARIA combobox: suggestions after the minimum characters with a debounce (a newer keyword cancels the
 * call on its way); arrows move, Enter or Tab chooses, Esc closes; leaving without a choice clears the text
 * and says 'יש לבחור {label} מתוך הרשימה' (the list closes 300 ms after blur). A value set from outside (a
 * reset when a parent changes, a saved value whose text arrives later) shows in the input.
 */
export function AutocompleteBox(props: AutocompleteBoxProps) {
  const { field, ids, onChange, env, debounceMs = AUTOCOMPLETE_DEBOUNCE_MS, onAnswer, quiet, children } = props;
  const { keptText, onKeptDropped } = props;
  const { def } = field;
  const prefs = def.autoCompletePreferenceObject;
  const numeric = prefs?.isNumeric === true;
  const value = typeof field.value === 'string' ? field.value : undefined;
  const optionText = field.options?.find((o) => o.value === value)?.text;
  const [text, setText] = useState(isChosen(value) ? (optionText ?? '') : (keptText ?? ''));
  const [list, setList] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localError, setLocalError] = useState<string>();
  /** The value whose text the input shows ('' while the user types). */
  const shownValue = useRef(isChosen(value) && optionText !== undefined ? value : '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const call = useRef<AbortController>(undefined);
  const listId = `${ids.input}-list`;
  const localErrorId = `${ids.input}-local-error`;
  const { notice, setNotice, id: noticeId, describes, placeCaret } = useInputNotice(ids.input);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    call.current?.abort();
    call.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);

  // A kept text arrived (the report was sent): the input shows it. One that is let go (another locality)
  // leaves the input with it.
  const kept = useRef(keptText);
  useEffect(() => {
    const before = kept.current;
    kept.current = keptText;
    if (shownValue.current !== '') return;
    if (keptText !== undefined) {
      setText(keptText);
      setLocalError(undefined);
    } else if (before !== undefined) {
      setText((shown) => (shown === before ? '' : shown));
    }
  }, [keptText]);

  // The value changed from outside (a parent's change reset it, a saved value's text arrived).
  useEffect(() => {
    if (!isChosen(value)) {
      if (shownValue.current !== '') {
        shownValue.current = '';
        setText('');
      }
      return;
    }
    if (value !== shownValue.current && optionText !== undefined) {
      shownValue.current = value ?? '';
      setText(optionText);
      setLocalError(undefined);
    }
  }, [value, optionText]);

  const choose = (option: Option) => {
    cancel();
    shownValue.current = option.value;
    setText(option.text);
    setOpen(false);
    setActive(-1);
    setLocalError(undefined);
    setNotice(undefined);
    env.rememberChoice(def.id, option);
    onChange(option.value);
  };

  /** What the input took of an edit: a numeric list keeps digits, a long paste what fits; both say so. */
  const take = (input: HTMLInputElement) => {
    const fitted = def.maxlength === undefined ? undefined : textEdit(text, input.value, def.maxlength);
    const typed = fitted?.text ?? input.value;
    const keyword = keywordOf(typed, numeric);
    const said: InputNotice | undefined = keyword !== typed ? { kind: 'digitsOnly' } : fitted?.notice;
    setNotice(said);
    if (fitted?.notice && keyword === typed) placeCaret(input, fitted.caret);
    type(keyword);
  };

  const type = (keyword: string) => {
    setText(keyword);
    setLocalError(undefined);
    if (keptText !== undefined && keyword !== keptText) onKeptDropped?.();
    if (shownValue.current !== '') {
      shownValue.current = '';
      onChange(emptyValue(def));
    }
    cancel();
    if (!shouldSuggest(keyword, prefs?.minCharacters)) {
      setOpen(false);
      setList([]);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      call.current = controller;
      const found = props.suggest
        ? await props.suggest(keyword, controller.signal)
        : await env.suggest(def, keyword, controller.signal);
      if (controller.signal.aborted) return; // a newer keyword was typed
      call.current = undefined;
      setList(found ?? []);
      setActive(-1);
      setOpen((found ?? []).length > 0);
      onAnswer?.(keyword, found);
    }, debounceMs);
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
      if (shownValue.current === '' && text.trim() !== '' && text !== keptText) {
        setText('');
        if (!quiet) setLocalError(he.fields.chooseFromList(labelOf(field)));
      }
    }, AUTOCOMPLETE_BLUR_CLOSE_MS);
  };

  const aria = inputAria(props);
  const shownError = quiet ? undefined : localError;
  const describedBy = [aria['aria-describedby'], shownError ? localErrorId : '', describes].filter(Boolean).join(' ');
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
          onChange={(event) => take(event.target)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          {...aria}
          aria-invalid={aria['aria-invalid'] || (shownError ? true : undefined)}
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
        {shownError && (
          <p id={localErrorId} className="field__error">
            {shownError}
          </p>
        )}
      </div>
      <InputNoticeRegion id={noticeId} notice={notice} />
      {children}
    </>
  );
}
