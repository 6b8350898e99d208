import { MISSING_ADDRESS } from '@app/catalog/categories/realEstateLists';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AutocompleteBox } from '../AutocompleteInput.tsx';
import { shouldSuggest } from '../autocompleteKeys.ts';
import { textValue, type WidgetProps } from '../types.ts';

const MissingAddressPopup = lazy(() =>
  import('./MissingAddressPopup.tsx').then((m) => ({ default: m.MissingAddressPopup })),
);

const { from, texts } = MISSING_ADDRESS;

/**
 * The street autocomplete (the list MISSING_ADDRESS.listId) with the missing-address path (spec §4, §5):
 * when the list has nothing for what the user typed (2+ characters), it offers 'לא מצאתם את הרחוב? ספרו
 * לנו'; the form starts with the chosen locality's name, the typed street and the house number; once its
 * thank-you closes, the field says the address will be checked against the database (until the locality
 * changes, a street is chosen or another one is not found). The ad goes on with a neighbourhood instead.
 */
export function StreetInput(props: WidgetProps) {
  const { field, env } = props;
  const id = field.def.id;
  const [missing, setMissing] = useState<string>();
  const [reporting, setReporting] = useState(false);
  const note = env.fieldNote(id);
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
      quiet={note !== undefined}
      onChange={(value) => {
        if (note !== undefined) env.setFieldNote(id, undefined);
        props.onChange(value);
      }}
      onAnswer={(keyword, options) => {
        if (options === null) return;
        const notFound = options.length === 0 && shouldSuggest(keyword);
        setMissing(notFound ? keyword.trim() : undefined);
        // Another street that is not in the list: the offer comes back instead of the earlier note.
        if (notFound && note !== undefined) env.setFieldNote(id, undefined);
      }}
    >
      {missing !== undefined && note === undefined && (
        <button
          type="button"
          className="btn btn--link field__offer"
          aria-haspopup="dialog"
          onClick={() => setReporting(true)}
        >
          {texts.offer}
        </button>
      )}
      {note !== undefined && (
        <p className="field__note field__note--info" role="status" data-testid="missing-address-note">
          {note}
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
            onReported={() => {
              setReporting(false);
              setMissing(undefined);
              env.setFieldNote(id, texts.note);
            }}
          />
        </Suspense>
      )}
    </AutocompleteBox>
  );
}
