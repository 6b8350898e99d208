import type { ResolvedField } from '@app/form-engine/resolution';
import type { ElementType } from 'react';
import { Tooltip } from './Tooltip.tsx';
import { labelOf } from './types.ts';

interface FieldLabelProps {
  field: ResolvedField;
  id: string;
  /** The input it labels (a <label for>); absent for group labels (a <legend> or a plain element). */
  htmlFor?: string;
  as?: ElementType;
  /** The "before" tooltip's state, when the field controls it (see Tooltip). */
  tooltipOpen?: boolean;
  onTooltipOpenChange?: (open: boolean) => void;
}

/** A field's visible label, a required mark and the "before" tooltip. */
export function FieldLabel({ field, id, htmlFor, as, tooltipOpen, onTooltipOpenChange }: FieldLabelProps) {
  const Tag: ElementType = as ?? (htmlFor ? 'label' : 'span');
  const label = labelOf(field);
  const before = field.def.tooltip?.before;
  return (
    <span className="field__label-row">
      <Tag id={id} htmlFor={htmlFor} className="field__label">
        {label}
        {field.required && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Tag>
      {before && <Tooltip text={before} label={label} open={tooltipOpen} onOpenChange={onTooltipOpenChange} />}
    </span>
  );
}
