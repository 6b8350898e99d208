export { CheckboxInput } from './CheckboxInput.tsx';
export { FieldLabel } from './FieldLabel.tsx';
export {
  type ActionState,
  type FieldEnv,
  type FieldIds,
  inputAria,
  inputBase,
  labelOf,
  type MediaEnv,
  textValue,
  type Widget,
  type WidgetProps,
} from './types.ts';
