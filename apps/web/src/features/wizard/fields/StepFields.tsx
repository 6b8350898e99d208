import { layoutColumns } from '@app/form-engine/layout';
import type { FieldValue, StepDef } from '@app/form-engine/model';
import type { ResolvedField } from '@app/form-engine/resolution';
import type { FieldEnv } from '../../../shared/fields/index.ts';
import { FieldView } from './FieldView.tsx';
import './fields.css';

export interface StepFieldsProps {
  step: StepDef;
  fields: readonly ResolvedField[];
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: FieldValue) => void;
  env: FieldEnv;
}

/** A step's active fields by column, then priority, then sub-priority, with the column titles. */
export function StepFields({ step, fields, errors, onChange, env }: StepFieldsProps) {
  const columns = layoutColumns(
    step,
    fields.filter((field) => field.visible),
  );
  return (
    <div className={`columns columns--${Math.min(columns.length, 3)}`}>
      {columns.map((column) => (
        <div key={column.column} className="column">
          {column.title && <h3 className="column__title">{column.title}</h3>}
          {column.fields.map((field) => (
            <FieldView key={field.def.id} field={field} error={errors[field.def.id]} onChange={onChange} env={env} />
          ))}
        </div>
      ))}
    </div>
  );
}
