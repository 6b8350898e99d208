/** What every field widget receives (the registry in registry.ts maps each FieldType to one widget). */
import type { FieldDef, FieldValue, Mode, Option } from '@app/form-engine/model';
import type { ResolvedField } from '@app/form-engine/resolution';
import type { ReactNode } from 'react';
import type { MediaSession } from '../../features/media/index.ts';

export interface FieldIds {
  /** The input (or the group) the label names. */
  input: string;
  label: string;
  hint: string;
  error: string;
}

/** Button fields' actions (the licence search): availability and progress. */
export interface ActionState {
  disabled: boolean;
  busy: boolean;
  /** Text instead of the field's label while busy. */
  busyLabel?: string;
}

/** What widgets may ask of the wizard around them. */
export interface FieldEnv {
  mode: Mode;
  /** YYYY-MM-DD: the date rules' today. */
  today: string;
  /** Another field's value as conditions see it (inactive fields read as undefined). */
  read: (fieldId: string) => FieldValue;
  /** A button field was pressed. */
  onAction: (fieldId: string) => void;
  actionState: (fieldId: string) => ActionState | undefined;
  /** Autocomplete suggestions for a keyword (null when the call failed or was cancelled by `signal`). */
  suggest: (field: FieldDef, keyword: string, signal?: AbortSignal) => Promise<Option[] | null>;
  /** The option an autocomplete field took, so its text can be shown and checked. */
  rememberChoice: (fieldId: string, option: Option) => void;
  /** The text of another field's chosen option (a locality's name), if it is known. */
  optionText: (fieldId: string) => string | undefined;
  /** A note shown under a field (the missing-address note), kept while the wizard is open. */
  fieldNote: (fieldId: string) => string | undefined;
  setFieldNote: (fieldId: string, note: string | undefined) => void;
  /** Origins (besides our own) that iframe and link fields may point to. */
  urlAllowlist: readonly string[];
  /** The media step's link to the ad (absent where the wizard has no media step). */
  media?: MediaEnv;
  /** Edit mode: the ad's title ("טויוטה קורולה 2021"), what its photos are of (the make and model are locked). */
  adTitle?: string | undefined;
  /** A trader flow (the engine's isTrader): a landline may be the primary phone. */
  trader?: boolean;
  /** The customer trades in this category (their trade map): phone numbers are added without SMS. */
  categoryTrader?: boolean;
  /** Sets another field's value (the virtual number's cancel flag). */
  setValue?: (fieldId: string, value: FieldValue) => void;
  /** Sets or clears a field's error (a phone confirmed after the server refused it). */
  setFieldError?: (fieldId: string, message: string | undefined) => void;
  /** A field the user can no longer change, with the reason shown under it (the trade-in box once sent). */
  locked?: (fieldId: string) => string | undefined;
  /** A call answered 422: the session ended on the way (the contact step then offers the login). */
  onSessionEnded?: () => void;
}

/** What photo and video fields need from the wizard: the ad their uploads belong to. */
export interface MediaEnv {
  /** The ad's OrderID when known (edit mode, after the first save, or reserved for this draft). */
  orderId: number | undefined;
  /**
   * The ad's OrderID, reserving one for this draft when there is none yet (POST /api/publish/reserve-order);
   * null while the user is a visitor (uploads wait for the login) or when the call failed.
   */
  ensureOrderId: () => Promise<number | null>;
  /** The wizard's photos (chosen, edited, ordered, uploading). */
  photos: MediaSession;
}

export interface WidgetProps {
  field: ResolvedField;
  ids: FieldIds;
  /** aria-describedby for the input: the hint and the error when shown. */
  describedBy: string | undefined;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
  env: FieldEnv;
}

export type Widget = (props: WidgetProps) => ReactNode;

/** Common ARIA attributes of an input. */
export function inputAria(props: WidgetProps) {
  return {
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.describedBy,
    'aria-required': props.field.required ? true : undefined,
  } as const;
}

/**
 * What the input of a field always carries: its id and name, whether it can be used, and its state for assistive
 * technology. `describedBy` adds what else describes it (a notice under it, a character counter) to the field's own
 * hint and error.
 */
export function inputBase(
  props: WidgetProps,
  options: { describedBy?: readonly (string | false | undefined)[]; disabled?: boolean } = {},
) {
  const { field, ids } = props;
  const describedBy = [props.describedBy, ...(options.describedBy ?? [])].filter(Boolean).join(' ');
  return {
    id: ids.input,
    name: field.def.name ?? field.def.id,
    disabled: options.disabled ?? !field.enabled,
    'aria-invalid': props.error ? true : undefined,
    'aria-required': field.required ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

export const labelOf = (field: ResolvedField): string => field.def.label ?? '';

/** A value as a single string for text inputs. */
export function textValue(value: FieldValue): string {
  if (Array.isArray(value)) return value.join(',');
  return value ?? '';
}
