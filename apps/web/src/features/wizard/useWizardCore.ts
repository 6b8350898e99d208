import { customerTradesIn, isTraderFlow } from '@app/catalog/trader';
import type { Selectors } from '@app/contract/publish';
import { isoDate } from '@app/form-engine/format';
import type { Mode, StepDef } from '@app/form-engine/model';
import type { ResolveContext } from '@app/form-engine/resolution';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { activeAbTests, overridesOf, rememberedOverrides } from '../../shared/analytics/index.ts';
import type { FieldEnv } from '../../shared/fields/index.ts';
import { whenIdle } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { abTestIdsOf, abTestParams, payloadContext } from './formData.ts';
import { useUrlAllowlist } from './redirects.ts';
import { useFormState } from './useFormState.ts';
import { useOptionLists } from './useOptionLists.ts';
import type { WizardData } from './useWizardLoad.ts';

/**
 * What both modes share: the steps (one area may be replaced by its refetch), the engine context with the
 * user's A/B tests, option lists, the form state and the widgets' environment.
 */
export function useWizardCore(data: WizardData, mode: Mode, selectors: Selectors) {
  const { customer } = useCustomer();
  const lists = useOptionLists();
  const allowlist = useUrlAllowlist();
  const [steps, setSteps] = useState<StepDef[]>(data.steps);
  const [notes, setNotes] = useState<Readonly<Record<string, string>>>({});
  const today = useMemo(() => isoDate(new Date()), []);
  const cat = Number(selectors.cat ?? data.response.cat);
  const subcatText = selectors.subcat ?? (data.response.subcat === null ? undefined : String(data.response.subcat));
  const isTrader = isTraderFlow({
    cat,
    subcat: subcatText === undefined ? undefined : Number(subcatText),
    istrader: selectors.istrader,
    trade: customer.trade,
  });
  // Decided once per wizard (a login on the way does not move the user between variants).
  const [abTests] = useState(() =>
    activeAbTests(abTestIdsOf(data.steps), customer.id, {
      ...rememberedOverrides(),
      ...overridesOf(new URLSearchParams(window.location.search)),
    }),
  );
  const context = useMemo<ResolveContext>(
    () => ({ mode, isTrader, abTests, today, options: lists.source }),
    [mode, isTrader, abTests, today, lists.source],
  );
  const form = useFormState(steps, data.initialValues, context);
  const { fetchMissing } = lists;
  // The lists of the open step are asked for at once; the other steps' (on a reload on a later step: the passed
  // steps' briefs, which wait for them) once the page is idle after its first paint. Before, their calls and answers
  // came before the open step's first paint, and on a slow network their round trips were in front of it.
  // The publish wizard names its open step (`openStep`); left undefined (edit: every step open), all come at once.
  const openStep = useRef<number | undefined>(undefined);
  const idle = useRef(false);
  const resolutionNow = useRef(form.resolution);
  resolutionNow.current = form.resolution;
  useEffect(() => {
    const open = openStep.current;
    fetchMissing(form.resolution, idle.current || open === undefined ? undefined : (field) => field.step === open);
  }, [fetchMissing, form.resolution]);
  useEffect(() => {
    // Idle once the open step is on the glass: an effect may run before the frame that draws it, and the page may be
    // idle before that frame too, so the wait starts at the frame after it (the second animation frame from here).
    let cancel: () => void = () => undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        cancel = whenIdle(() => {
          idle.current = true;
          fetchMissing(resolutionNow.current);
        });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [fetchMissing]);
  /**
   * A step opened (a passed one reopened) before the page is idle: its lists are asked for at once, not when the
   * other steps' come (up to two seconds later, whenIdle's limit). Once idle, every list is already asked for.
   */
  const fetchStepLists = useCallback(
    (step: number) => {
      if (!idle.current) fetchMissing(resolutionNow.current, (field) => field.step === step);
    },
    [fetchMissing],
  );
  const payload = useMemo(() => payloadContext(selectors, mode), [selectors, mode]);
  const abParams = useMemo(() => abTestParams(abTests), [abTests]);

  /** An area fetched again replaces its step; the values of its fields start over. */
  const { clear } = form;
  const stepsNow = useRef(steps);
  stepsNow.current = steps;
  const replaceArea = useCallback(
    (fresh: StepDef) => {
      const old = stepsNow.current.find((step) => step.area === fresh.area);
      if (!old) return;
      setSteps((prev) => prev.map((step) => (step.area === fresh.area ? fresh : step)));
      clear([...old.fields, ...fresh.fields].map((def) => def.id));
    },
    [clear],
  );

  const read = (id: string) => {
    const field = form.resolution.fields[id];
    return field?.visible ? field.value : undefined;
  };
  const baseEnv: Omit<FieldEnv, 'onAction' | 'actionState'> = {
    mode,
    today,
    read,
    suggest: (field, keyword, signal) => lists.suggest(field, keyword, form.resolution.values, signal),
    rememberChoice: lists.rememberChoice,
    optionText: (id) => {
      const field = form.resolution.fields[id];
      return field?.visible ? field.options?.find((o) => o.value === field.value)?.text : undefined;
    },
    fieldNote: (id) => notes[id],
    trader: isTrader,
    categoryTrader: subcatText !== undefined && customerTradesIn(customer.trade, cat, Number(subcatText)),
    setValue: (id, value) => form.assign({ [id]: value }),
    setFieldError: form.setFieldError,
    setFieldNote: (id, note) =>
      setNotes((prev) => {
        if (prev[id] === note) return prev;
        const { [id]: _, ...rest } = prev;
        return note === undefined ? rest : { ...rest, [id]: note };
      }),
    urlAllowlist: allowlist,
  };
  return { steps, context, form, payload, abParams, today, baseEnv, replaceArea, openStep, fetchStepLists };
}

export type WizardCore = ReturnType<typeof useWizardCore>;
