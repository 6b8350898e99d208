import { FieldLabel, type WidgetProps } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { BdiText } from '../../../shared/ui/index.ts';

/**
 * A worked-out number (the field's `dependencyResult`): its label and the engine's shown text in an <output>,
 * announced as it changes. Nothing to type: the engine (and the server
 * again) works the value out.
 */
export function ComputedField({ field, ids, describedBy }: WidgetProps) {
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <output
        id={ids.input}
        className={`field__computed${field.displayValue ? '' : ' field__computed--empty'}`}
        aria-live="polite"
        aria-describedby={describedBy}
      >
        {field.displayValue ? <BdiText text={field.displayValue} /> : he.fields.computedPending}
      </output>
    </>
  );
}
