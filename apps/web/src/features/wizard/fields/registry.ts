/**
 * The widget registry: one widget per FieldType in a full Record (a new type does not compile until it has
 * a widget here), plus specialisations chosen by the field's data (a plate format, colour options, the car
 * sub-model list, the second-hand free search, the street with its missing-address path) that refine a
 * type's widget.
 */

import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { MISSING_ADDRESS } from '@app/catalog/categories/realEstateLists';
import { listIdOf } from '@app/form-engine/dataUrl';
import type { FieldDef, FieldType } from '@app/form-engine/model';
import type { Widget } from '../../../shared/fields/index.ts';
import { CheckboxInput } from '../../../shared/fields/index.ts';
import { PhoneField, VirtualNumberCheckbox } from '../../contact/index.ts';
import { MediaFieldLazy, VideoFieldLazy } from '../../media/index.ts';
import { AutocompleteInput } from './AutocompleteInput.tsx';
import { StreetInput } from './address/StreetInput.tsx';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import { ComputedField } from './ComputedField.tsx';
import { DateInput } from './DateInput.tsx';
import { ButtonField, IframeField, LinkField, SpanField, TitleField } from './DisplayFields.tsx';
import { FreeSearchInput } from './FreeSearchInput.tsx';
import { isFreeSearch } from './freeSearch.ts';
import { HiddenInput } from './HiddenInput.tsx';
import { NumberInput } from './NumberInput.tsx';
import { PlateInput } from './PlateInput.tsx';
import { SelectInput } from './SelectInput.tsx';
import { SwatchGroup } from './SwatchGroup.tsx';
import { hasSwatches } from './swatch.ts';
import { TextareaInput } from './TextareaInput.tsx';
import { TextInput } from './TextInput.tsx';
import { SubModelList } from './vehicles/SubModelList.tsx';

export const WIDGETS: Record<FieldType, Widget> = {
  select: SelectInput,
  textarea: TextareaInput,
  text: TextInput,
  password: TextInput,
  checkbox: CheckboxInput,
  radio: ChoiceGroup,
  multipleRadios: ChoiceGroup,
  email: TextInput,
  tel: TextInput,
  number: NumberInput,
  date: DateInput,
  hidden: HiddenInput,
  autocomplete: AutocompleteInput,
  image: MediaFieldLazy,
  span: SpanField,
  iframe: IframeField,
  link: LinkField,
  title: TitleField,
  button: ButtonField,
};

/** Refinements of a type's widget, decided by the definition (first match wins). */
const SPECIAL: readonly { when: (def: FieldDef) => boolean; widget: Widget }[] = [
  // A number worked out from other fields: shown, never typed.
  { when: (def) => def.dependencyResult !== undefined, widget: ComputedField },
  { when: (def) => def.type === 'text' && def.format === 'plate', widget: PlateInput },
  // The contact step: phone numbers with their verification, the virtual number's cancel confirmation.
  { when: (def) => def.type === 'tel' && def.phonePriority !== undefined, widget: PhoneField },
  { when: (def) => def.type === 'checkbox' && def.id === CONTACT_FIELDS.virtualNum, widget: VirtualNumberCheckbox },
  { when: (def) => def.type === 'text' && def.isNumeric === true, widget: NumberInput },
  { when: (def) => def.type === 'select' && listIdOf(def.dataUrl) === 'vehicle-submodels', widget: SubModelList },
  {
    when: (def) => def.type === 'select' && !def.multiple && /color/i.test(listIdOf(def.dataUrl) ?? ''),
    widget: SwatchGroup,
  },
  { when: (def) => def.type === 'select' && !def.multiple && hasSwatches(def.options), widget: SwatchGroup },
  { when: isFreeSearch, widget: FreeSearchInput },
  // The video upload: our video host's iframe, not a plain embedded page.
  { when: (def) => def.type === 'iframe' && def.subType === 'video', widget: VideoFieldLazy },
  {
    when: (def) => def.type === 'autocomplete' && listIdOf(def.dataUrl) === MISSING_ADDRESS.listId,
    widget: StreetInput,
  },
];

export function widgetFor(def: FieldDef): Widget {
  return SPECIAL.find((special) => special.when(def))?.widget ?? WIDGETS[def.type];
}
