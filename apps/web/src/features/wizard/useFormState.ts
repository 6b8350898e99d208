import type { FieldValue, StepDef, Values } from '@app/form-engine/model';
import type { Resolution, ResolveContext } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import { sameValue } from '@app/form-engine/values';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shownErrors } from './formData.ts';

function sameValues(a: Values, b: Values): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/**
 * The form: values by field id, the engine's resolution of them, and the errors on show. A user change
 * resolves with `changed` (dependants reset); values the resolver settles on its own (a single option
 * taken, immediate dates) become state; server errors of a field go when the field changes.
 */
export function useFormState(steps: readonly StepDef[], initialValues: Values, context: ResolveContext) {
  // The values the resolver settles on from the start (a single option taken, a default), so the first
  // render shows them instead of rendering the whole wizard a second time to take them.
  const [values, setValues] = useState<Values>(() => resolve(steps, initialValues, context).values);
  const [attempted, setAttempted] = useState<ReadonlySet<number>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  /** The field the user changed last, until its watcher (if any) has been looked at. */
  const lastChanged = useRef<string | undefined>(undefined);
  const [changeCount, setChangeCount] = useState(0);

  const resolution: Resolution = useMemo(() => resolve(steps, values, context), [steps, values, context]);

  useEffect(() => {
    if (!sameValues(resolution.values, values)) setValues(resolution.values);
  }, [resolution, values]);

  const change = useCallback(
    (fieldId: string, value: FieldValue) => {
      lastChanged.current = fieldId;
      setValues((prev) => resolve(steps, { ...prev, [fieldId]: value }, { ...context, changed: fieldId }).values);
      setServerErrors((prev) => {
        if (!(fieldId in prev)) return prev;
        const { [fieldId]: _, ...rest } = prev;
        return rest;
      });
      setChangeCount((n) => n + 1);
    },
    [steps, context],
  );

  /**
   * Sets several values at once without resets (a licence-plate result, a carried value). A prefill from the
   * server (the contact area's details) passes `byUser: false`: it is not the user's change, so it neither saves a
   * draft nor warns on leaving by itself.
   */
  const assign = useCallback(
    (patch: Values, options?: { byUser?: boolean }) => {
      setValues((prev) => resolve(steps, { ...prev, ...patch }, context).values);
      setServerErrors((prev) => {
        const rest = { ...prev };
        for (const id of Object.keys(patch)) delete rest[id];
        return rest;
      });
      if (options?.byUser !== false) setChangeCount((n) => n + 1);
    },
    [steps, context],
  );

  /** Forgets these fields' values (back to their defaults) and their server errors: a refetched area. */
  const clear = useCallback((ids: readonly string[]) => {
    setValues((prev) => {
      const next = { ...prev };
      for (const id of ids) delete next[id];
      return next;
    });
    setServerErrors((prev) => {
      const rest = { ...prev };
      for (const id of ids) delete rest[id];
      return rest;
    });
  }, []);

  const setFieldError = useCallback((fieldId: string, message: string | undefined) => {
    setServerErrors((prev) => {
      const rest = { ...prev };
      if (message === undefined) delete rest[fieldId];
      else rest[fieldId] = message;
      return rest;
    });
  }, []);

  const attempt = useCallback((indexes: readonly number[]) => {
    setAttempted((prev) => new Set([...prev, ...indexes]));
  }, []);

  const errors = useMemo(() => shownErrors(resolution, attempted, serverErrors), [resolution, attempted, serverErrors]);

  return {
    values,
    resolution,
    errors,
    changeCount,
    lastChanged,
    change,
    assign,
    clear,
    attempt,
    setServerErrors,
    setFieldError,
  };
}

export type FormState = ReturnType<typeof useFormState>;
