import { MISSING_ADDRESS } from '@app/catalog/categories/realEstateLists';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { textValue, type WidgetProps } from '../../../../shared/fields/index.ts';
import { he } from '../../../../shared/i18n/index.ts';
import { AutocompleteBox } from '../AutocompleteInput.tsx';
import { shouldSuggest } from '../autocompleteKeys.ts';

const MissingAddressPopup = lazy(() =>
  import('./MissingAddressPopup.tsx').then((m) => ({ default: m.MissingAddressPopup })),
);

const { from, texts } = MISSING_ADDRESS;

/**
 * The street autocomplete (the list MISSING_ADDRESS.listId) with the missing-address path (spec §4, §5):
 * when the list has nothing for what the user typed (2+ characters), it offers 'לא מצאתם את הרחוב? ספרו
 * לנו'; the form starts with the chosen locality's name, the typed street and the house number; once its
 * thank-you closes, the reported street stays in the input and the note under it says it was reported and
 * will be checked against the database (until the locality changes, a street is chosen or something else is
 * typed). The ad goes on with a neighbourhood instead. The wizard keeps the reported street as the field's
 * note (env.fieldNote), so it is still there when the step is reopened.
 */
export function StreetInput(props: WidgetProps) {
  const { field, env } = props;
  const id = field.def.id;
  const [missing, setMissing] = useState<string>();
  const [reporting, setReporting] = useState(false);
  /** The street the user reported as missing, if any. */
  const reported = env.fieldNote(id);
  const noteId = `${props.ids.input}-note`;
  const [before, after] = he.missingAddress.reported.split('{street}');
  const city = textValue(env.read(from.settlement));

  // Another locality: what was reported (or offered) was about the old one.
  const reportedFor = useRef(city);
  useEffect(() => {
    if (reportedFor.current === city) return;
    reportedFor.current = city;
    setMissing(undefined);
    env.setFieldNote(id, undefined);
  }, [city, env, id]);

  return (
    <AutocompleteBox
      {...props}
      describedBy={[props.describedBy, reported !== undefined ? noteId : ''].filter(Boolean).join(' ') || undefined}
      quiet={reported !== undefined}
      keptText={reported}
      onKeptDropped={() => env.setFieldNote(id, undefined)}
      onChange={(value) => {
        if (reported !== undefined) env.setFieldNote(id, undefined);
        props.onChange(value);
      }}
      onAnswer={(keyword, options) => {
        if (options === null) return;
        const notFound = options.length === 0 && shouldSuggest(keyword);
        setMissing(notFound ? keyword.trim() : undefined);
        // Another street that is not in the list: the offer comes back instead of the earlier note.
        if (notFound && reported !== undefined && keyword.trim() !== reported) env.setFieldNote(id, undefined);
      }}
    >
      {missing !== undefined && reported === undefined && (
        <button
          type="button"
          className="btn btn--link field__offer"
          aria-haspopup="dialog"
          onClick={() => setReporting(true)}
        >
          {texts.offer}
        </button>
      )}
      {reported !== undefined && (
        <p id={noteId} className="field__note field__note--info" role="status" data-testid="missing-address-note">
          {before}
          <bdi>{reported}</bdi>
          {after} {texts.note}
        </p>
      )}
      {reporting && missing !== undefined && (
        <Suspense fallback={null}>
          <MissingAddressPopup
            initial={{
              settlement: env.optionText(from.settlement) ?? '',
              street: missing,
              houseNumber: textValue(env.read(from.houseNumber)),
            }}
            onCancel={() => setReporting(false)}
            onReported={(street) => {
              setReporting(false);
              setMissing(undefined);
              env.setFieldNote(id, street || missing);
            }}
          />
        </Suspense>
      )}
    </AutocompleteBox>
  );
}
