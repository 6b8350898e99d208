/**
 * The pre-advance reminders in the wizard (publish-wizard.md §4 "Field behaviour"; after-save-area.md §4 "Pre-advance
 * reminders"): before a forward move validates the step, each reminder of REMINDER_ORDER that applies shows once
 * (at most once per attempt), fills its field or closes, and the move goes on. The duplicate check asks the server
 * (errors swallowed); the price presets come from the live ads of the same car or property.
 */

import type { Selectors } from '@app/contract/publish';
import { formatNumber } from '@app/form-engine/format';
import type { Resolution } from '@app/form-engine/resolution';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { checkDuplicateCar, type Duplicate, priceReminderOptions } from '../../../shared/api/index.ts';
import type { WizardCore } from '../useWizardCore.ts';
import { DescriptionReminderPopup, DoubleAdPopup, KmReminderPopup, PriceReminderPopup } from './ReminderPopups.tsx';
import {
  descriptionReminder,
  duplicateCheck,
  KM_DEBOUNCE_MS,
  kmReminder,
  priceMatch,
  priceReminder,
  REMINDER_ORDER,
  type ReminderContext,
  type ReminderKind,
} from './rules.ts';

type Shown =
  | { kind: 'km'; km: string; options: number[] }
  | { kind: 'description'; text: string; max: number }
  | { kind: 'price'; presets: number[] }
  | { kind: 'duplicate'; duplicate: Duplicate };

/** What a popup answered: values to fill (then go on), or nothing (closed: go on). */
type Answer = Readonly<Record<string, string>> | null;

interface RemindersInput {
  core: WizardCore;
  selectors: Selectors;
  /** This wizard's ad, once known: never a duplicate of itself. */
  orderId: number | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function reminderContext(core: WizardCore, selectors: Selectors, step: number): ReminderContext {
  const resolution: Resolution = core.form.resolution;
  const field = (id: string) => resolution.fields[id];
  const subcat = Number(selectors.subcat);
  return {
    cat: Number(selectors.cat),
    subcat: Number.isFinite(subcat) && selectors.subcat !== undefined ? subcat : undefined,
    step,
    area: core.steps[step]?.area ?? '',
    read: (id) => (field(id)?.visible ? field(id)?.value : undefined),
    optionText: core.baseEnv.optionText,
    inStep: (id) => field(id)?.step === step && field(id)?.visible === true,
    defined: (id) => field(id) !== undefined,
    descriptionMax: field('description')?.def.maxlength,
  };
}

export function useReminders(input: RemindersInput) {
  const latest = useRef(input);
  latest.current = input;
  const [shown, setShown] = useState<{ reminder: Shown; answer: (a: Answer) => void } | null>(null);

  // The km value settles 200 ms after the last keystroke (§9); an attempt right after typing waits for it.
  const km = input.core.form.resolution.fields.km?.value;
  const kmChangedAt = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the km value changes
  useEffect(() => {
    kmChangedAt.current = Date.now();
  }, [km]);

  const plan = useCallback(async (kind: ReminderKind, step: number): Promise<Shown | null> => {
    const { core, selectors, orderId } = latest.current;
    const ctx = reminderContext(core, selectors, step);
    switch (kind) {
      case 'km': {
        const wait = kmChangedAt.current + KM_DEBOUNCE_MS - Date.now();
        if (wait > 0 && ctx.inStep('km')) await sleep(wait);
        const settled = reminderContext(latest.current.core, latest.current.selectors, step);
        const options = kmReminder(settled);
        return options ? { kind, km: String(settled.read('km') ?? ''), options } : null;
      }
      case 'description': {
        const text = descriptionReminder(ctx);
        return text ? { kind, text, max: ctx.descriptionMax ?? 200 } : null;
      }
      case 'price': {
        if (!priceReminder(ctx)) return null;
        const match = priceMatch(ctx);
        return { kind, presets: match ? await priceReminderOptions(match) : [] };
      }
      case 'duplicate': {
        const body = duplicateCheck(ctx);
        if (!body) return null;
        const duplicate = await checkDuplicateCar(orderId ? { ...body, OrderID: String(orderId) } : body);
        return duplicate ? { kind, duplicate } : null;
      }
    }
  }, []);

  /** Waits until the wizard has rendered the filled values (the movement reads the fresh form next). */
  const rendered = useCallback(async (before: Resolution) => {
    for (let i = 0; i < 60 && latest.current.core.form.resolution === before; i++) await sleep(16);
  }, []);

  /**
   * Runs the reminders of the step being left, in the spec's order, each at most once. False when the user left
   * the wizard (the upgrade link); true to go on with the move.
   */
  const beforeAdvance = useCallback(
    async (step: number): Promise<boolean> => {
      for (const kind of REMINDER_ORDER) {
        const reminder = await plan(kind, step);
        if (!reminder) continue;
        const answer = await new Promise<Answer>((resolve) => setShown({ reminder, answer: resolve }));
        // The closed popup pops its history entry; the history store runs the move's navigation after that pop.
        setShown(null);
        if (answer) {
          const before = latest.current.core.form.resolution;
          latest.current.core.form.assign(answer);
          await rendered(before);
        }
      }
      return true;
    },
    [plan, rendered],
  );

  let popup: ReactNode = null;
  if (shown) {
    const { reminder, answer } = shown;
    const close = () => answer(null);
    if (reminder.kind === 'km') {
      popup = (
        <KmReminderPopup
          km={reminder.km}
          options={reminder.options}
          onChoose={(value) => answer({ km: formatNumber(String(value)) })}
          onClose={close}
        />
      );
    } else if (reminder.kind === 'description') {
      popup = (
        <DescriptionReminderPopup
          text={reminder.text}
          max={reminder.max}
          onAdd={(text) => answer({ description: text })}
          onClose={close}
        />
      );
    } else if (reminder.kind === 'price') {
      popup = (
        <PriceReminderPopup
          presets={reminder.presets}
          onChoose={(price) => answer({ price: formatNumber(String(price)) })}
          onClose={close}
        />
      );
    } else {
      popup = (
        <DoubleAdPopup
          orderId={reminder.duplicate.orderId}
          upgradeUrl={reminder.duplicate.upgradeUrl}
          onContinue={close}
        />
      );
    }
  }
  return { beforeAdvance, popup, active: shown !== null };
}
