import type { PolicyCheckRequest, PolicyCheckResponse } from '@app/contract/policyCheck';
import type { Resolution, ResolvedField } from '@app/form-engine/resolution';
import { useEffect, useMemo, useRef, useState } from 'react';
import { postJson } from '../../../shared/api/index.ts';
import { labelOf } from '../../../shared/fields/index.ts';
import { hePolicy } from '../../../shared/i18n/index.ts';
import { detectContactDetails } from './detect.ts';

/** One warning of a step; `editId` links a near-repeat to the customer's ad. */
export interface PolicyMessage {
  key: string;
  text: string;
  editId?: number;
}

/** Waits this long after typing stops before asking the server. */
const SERVER_DEBOUNCE_MS = 800;

/** The ad's free text the check reads: text areas (descriptions) and title inputs. */
const isFreeText = (f: ResolvedField): boolean =>
  f.visible && (f.def.type === 'textarea' || (f.def.type === 'text' && /title/i.test(f.def.id)));

const wireName = (f: ResolvedField): string => (f.def.name ?? f.def.id).replace(/\[\]$/, '');

/**
 * The policy check before publishing: phone numbers, e-mails and links in the free text (found here, at
 * once), banned words and a near-repeat of the customer's own live ad (POST policy-check, after a pause in typing).
 * Warnings by step index: each shows on the step where its text is typed. A guest's server check answers 422 and
 * shows nothing (the contact details are found all the same).
 */
export function usePolicyWarnings(
  resolution: Resolution,
  selectors: { cat?: string | undefined; subcat?: string | undefined },
  orderId: number | undefined,
  loggedIn: boolean,
): ReadonlyMap<number, PolicyMessage[]> {
  const fields = useMemo(
    () => resolution.steps.flatMap((step) => (step.visible ? step.fields.filter(isFreeText) : [])),
    [resolution],
  );
  const texts = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of fields) if (typeof f.value === 'string' && f.value.trim()) out[wireName(f)] = f.value;
    return out;
  }, [fields]);
  const textsKey = JSON.stringify(texts);

  const [server, setServer] = useState<{ key: string; answer: PolicyCheckResponse }>();
  const sequence = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: textsKey stands for texts
  useEffect(() => {
    if (!loggedIn || !selectors.cat || Object.keys(texts).length === 0) return;
    const mine = ++sequence.current;
    const timer = setTimeout(() => {
      const body: PolicyCheckRequest = {
        CatID: selectors.cat ?? '',
        SubCatID: selectors.subcat,
        OrderID: orderId,
        texts,
      };
      void postJson<PolicyCheckResponse>('/api/publish/policy-check', body).then((res) => {
        if (mine === sequence.current && res.ok && res.data) setServer({ key: textsKey, answer: res.data });
      });
    }, SERVER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [textsKey, loggedIn, selectors.cat, selectors.subcat, orderId]);

  return useMemo(() => {
    const byStep = new Map<number, PolicyMessage[]>();
    const add = (step: number, message: PolicyMessage) => byStep.set(step, [...(byStep.get(step) ?? []), message]);
    for (const f of fields) {
      if (typeof f.value !== 'string') continue;
      const label = labelOf(f);
      for (const finding of detectContactDetails(f.value)) {
        add(f.step, { key: `${f.def.id}-${finding.kind}`, text: hePolicy[finding.kind](label) });
      }
    }
    // The server's answer while it still describes the text on screen.
    const answer = server && server.key === textsKey ? server.answer : undefined;
    if (answer) {
      for (const f of fields) {
        const words = answer.blockedWords.filter((w) => typeof f.value === 'string' && f.value.includes(w));
        if (words.length) add(f.step, { key: `${f.def.id}-blocked`, text: hePolicy.blocked(words.join(', ')) });
      }
      const last = fields[fields.length - 1];
      if (answer.duplicateOf && last) {
        add(last.step, { key: 'duplicate', text: hePolicy.duplicate(answer.duplicateOf), editId: answer.duplicateOf });
      }
    }
    return byStep;
  }, [fields, server, textsKey]);
}
