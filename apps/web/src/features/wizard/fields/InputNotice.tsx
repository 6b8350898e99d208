import { VALIDATION_MESSAGES } from '@app/form-engine/messages';
import { charsCounter } from '@app/form-engine/quality';
import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { he } from '../../../shared/i18n/index.ts';
import { type InputNotice as Notice, textEdit } from './inputFilter.ts';

/** The Hebrew of a notice: the engine's digits-only and too-many-characters messages (spec §5). */
export function noticeText(notice: Notice): string {
  if (notice.kind === 'digitsOnly') return VALIDATION_MESSAGES.digitsOnly({});
  if (notice.kind === 'clamped')
    return notice.to === 'max'
      ? VALIDATION_MESSAGES.aboveMax({ max: notice.value })
      : VALIDATION_MESSAGES.belowMin({ min: notice.value });
  return `${VALIDATION_MESSAGES.tooLong({})}: ${he.fields.cutNotice(notice.max, notice.cut)}`;
}

/**
 * A widget's notice about its last edit, the id that describes the input while it shows, and the caret to
 * put back after a cut (React moves it to the end when it writes a value the input did not have).
 */
export function useInputNotice(inputId: string) {
  const [notice, setNotice] = useState<Notice>();
  const id = `${inputId}-notice`;
  const caret = useRef<number>(undefined);
  const placeCaret = useCallback((input: HTMLInputElement | HTMLTextAreaElement, at: number) => {
    caret.current = at;
    requestAnimationFrame(() => {
      if (caret.current !== at || document.activeElement !== input) return;
      input.setSelectionRange(at, at);
    });
  }, []);
  /**
   * A free-text input's change handler: the text as typed, cut at `max` with the too-many-characters notice and the
   * caret left where the cut put it (textEdit, inputFilter.ts).
   */
  const textChange =
    (text: string, max: number, onChange: (text: string) => void) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const edit = textEdit(text, event.target.value, max);
      setNotice(edit.notice);
      if (edit.notice) placeCaret(event.target, edit.caret);
      onChange(edit.text);
    };
  return { notice, setNotice, id, describes: notice ? id : '', placeCaret, textChange };
}

/**
 * The live region of a widget's notice: always in the page (so that a notice put into it is announced),
 * empty until an edit was not taken as it came, emptied by the next edit that is.
 */
export function InputNoticeRegion({ id, notice }: { id: string; notice: Notice | undefined }) {
  return (
    <div className="field__notice-live" aria-live="polite">
      {notice && (
        <p id={id} className="field__notice" data-testid="input-notice">
          {noticeText(notice)}
        </p>
      )}
    </div>
  );
}

/** The characters counter ("count/max", engine quality.ts) with its name for screen readers. */
export function CharsCount({ text, max }: { text: string; max: number }) {
  const counter = charsCounter(text, max);
  return (
    <span
      className={`quality__count${counter.remaining === 0 ? ' quality__count--full' : ''}`}
      data-testid="chars-count"
    >
      <span className="visually-hidden">{he.fields.charsCount}: </span>
      <bdi>{counter.text}</bdi>
    </span>
  );
}
