import { isTraderFlow } from '@app/catalog/trader';
import type { Selectors } from '@app/contract/publish';
import { isoDate } from '@app/form-engine/format';
import type { Mode } from '@app/form-engine/model';
import type { ResolveContext } from '@app/form-engine/resolution';
import { useEffect, useMemo } from 'react';
import { useCustomer } from '../app/CustomerContext.tsx';
import type { FieldEnv } from '../fields/types.ts';
import { payloadContext } from './formData.ts';
import { useUrlAllowlist } from './redirects.ts';
import { useFormState } from './useFormState.ts';
import { useOptionLists } from './useOptionLists.ts';
import type { WizardData } from './useWizardLoad.ts';

const NO_AB_TESTS: ReadonlySet<string> = new Set();

/** What both modes share: the engine context, option lists, the form state and the widgets' environment. */
export function useWizardCore(data: WizardData, mode: Mode, selectors: Selectors) {
  const { customer } = useCustomer();
  const lists = useOptionLists();
  const allowlist = useUrlAllowlist();
  const today = useMemo(() => isoDate(new Date()), []);
  const cat = Number(selectors.cat ?? data.response.cat);
  const subcatText = selectors.subcat ?? (data.response.subcat === null ? undefined : String(data.response.subcat));
  const isTrader = isTraderFlow({
    cat,
    subcat: subcatText === undefined ? undefined : Number(subcatText),
    istrader: selectors.istrader,
    trade: customer.trade,
  });
  const context = useMemo<ResolveContext>(
    () => ({ mode, isTrader, abTests: NO_AB_TESTS, today, options: lists.source }),
    [mode, isTrader, today, lists.source],
  );
  const form = useFormState(data.steps, data.initialValues, context);
  const { fetchMissing } = lists;
  useEffect(() => fetchMissing(form.resolution), [fetchMissing, form.resolution]);
  const payload = useMemo(() => payloadContext(selectors, mode), [selectors, mode]);

  const read = (id: string) => {
    const field = form.resolution.fields[id];
    return field?.visible ? field.value : undefined;
  };
  const baseEnv: Omit<FieldEnv, 'onAction' | 'actionState'> = {
    mode,
    today,
    read,
    suggest: (field, keyword) => lists.suggest(field, keyword, form.resolution.values),
    rememberChoice: lists.rememberChoice,
    urlAllowlist: allowlist,
  };
  return { steps: data.steps, context, form, payload, today, baseEnv };
}

export type WizardCore = ReturnType<typeof useWizardCore>;
