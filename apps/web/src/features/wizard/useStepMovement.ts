import type { Selectors } from '@app/contract/publish';
import { errorText } from '@app/form-engine/messages';
import { checkStepPayload } from '@app/form-engine/payload';
import { useCallback, useRef, useState } from 'react';
import { trackFieldErrors, trackStepPassed } from '../../shared/analytics/index.ts';
import { checkStep } from '../../shared/api/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { useOpenLogin } from '../login/index.ts';
import { focusFirstError } from './focus.ts';
import { firstStepOf, serverFieldErrors } from './formData.ts';
import { furthestOpenable, landingStep, needsValidation } from './navigation.ts';
import type { WizardCore } from './useWizardCore.ts';

interface MovementInput {
  core: WizardCore;
  selectors: Selectors;
  current: number;
  lastValidStep: number;
  saveStep: number;
  /** Movement is blocked while the ad is being saved. */
  locked: boolean;
  setLastValidStep: (step: number) => void;
  /** Replaces the URL's step. */
  showStep: (step: number) => void;
  /** Saves the draft with the new last valid step. */
  onStepValid: (step: number) => void;
  /**
   * The server answered 422 (no session) for this step: true when the wizard handled it (the next step is the
   * contact step, which offers the login inside it); otherwise the login popup opens.
   */
  onLoginNeeded?: (current: number) => boolean;
  /**
   * Pre-advance reminders (publish-wizard.md §4): run once the step passes the client rules, before the server
   * check; they may fill fields. False stops the move.
   */
  beforeAdvance?: (current: number) => Promise<boolean>;
}

/**
 * Moving between steps (publish-wizard.md §4): back, or leaving an unchecked step, moves at once; forward
 * validates the current step with the engine, then with the server's check-step (422 opens the login
 * popup, errFields mark fields); an invalid step stays and scrolls to its first error.
 */
export function useStepMovement(input: MovementInput) {
  const openLogin = useOpenLogin();
  const [verifying, setVerifying] = useState(false);
  const [problem, setProblem] = useState<string>();
  const latest = useRef(input);
  latest.current = input;
  const reminding = useRef(false);

  const goTo = useCallback(
    async (target: number) => {
      const { core, selectors, current, lastValidStep, saveStep, locked } = latest.current;
      const { steps, payload, abParams } = core;
      let { form } = core;
      if (locked || verifying || reminding.current || target === current || target < 0) return;
      setProblem(undefined);
      const shown = form.resolution.steps.map((s) => s.visible);
      if (!needsValidation(current, target, steps)) {
        if (target < current) return latest.current.showStep(target);
        trackStepPassed(selectors, current, steps[current]?.area ?? '');
        const valid = Math.max(lastValidStep, current);
        if (valid !== lastValidStep) {
          latest.current.setLastValidStep(valid);
          latest.current.onStepValid(valid);
        }
        return latest.current.showStep(Math.min(target, furthestOpenable(valid, saveStep, shown)));
      }
      const step = form.resolution.steps[current];
      if (!step) return;
      const area = steps[current]?.area ?? '';
      if (step.errors.length > 0) {
        const errors = step.errors.map((e) => ({ field: e.field, message: errorText(e) }));
        trackFieldErrors(selectors, current, area, errors, 'client');
        form.attempt([current]);
        focusFirstError(current);
        return;
      }
      if (latest.current.beforeAdvance) {
        reminding.current = true;
        const goOn = await latest.current.beforeAdvance(current).finally(() => {
          reminding.current = false;
        });
        if (!goOn) return;
        // A reminder may have filled a field: the rest of the move reads the form as it is now.
        form = latest.current.core.form;
        if ((form.resolution.steps[current]?.errors.length ?? 0) > 0) {
          form.attempt([current]);
          focusFirstError(current);
          return;
        }
      }
      setVerifying(true);
      const outcome = await checkStep({
        ...selectors,
        ...abParams,
        ...checkStepPayload(form.resolution, current, payload),
      });
      setVerifying(false);
      if (outcome.kind === 'login') {
        if (!latest.current.onLoginNeeded?.(current)) openLogin('login');
        return;
      }
      if (outcome.kind === 'errors') {
        const serverErrors = serverFieldErrors(steps, outcome.errFields);
        const errors = Object.entries(serverErrors).map(([field, message]) => ({ field, message }));
        trackFieldErrors(selectors, current, area, errors, 'server');
        form.attempt([current]);
        form.setServerErrors(serverErrors);
        // The server checks the ad up to this step: an error may be a field of an earlier step (a draft resumed
        // after that step's rules changed). That step opens with its errors, as a failed save does; otherwise the
        // press would do nothing and say nothing.
        const first = firstStepOf(steps, Object.keys(serverErrors));
        if (first !== undefined && first < current) {
          form.attempt([first, current]);
          latest.current.showStep(first);
          focusFirstError(first);
          return;
        }
        if (first === undefined) {
          setProblem(Object.values(serverErrors)[0] ?? he.wizard.checkFailed);
          return;
        }
        focusFirstError(current);
        return;
      }
      if (outcome.kind === 'failed') {
        setProblem(he.wizard.checkFailed);
        return;
      }
      trackStepPassed(selectors, current, area);
      const valid = Math.max(latest.current.lastValidStep, current);
      latest.current.setLastValidStep(valid);
      latest.current.onStepValid(valid);
      const complete = form.resolution.steps.map((s) => s.complete);
      latest.current.showStep(landingStep(current, target, complete, valid, saveStep, shown));
    },
    [openLogin, verifying],
  );

  return { goTo, verifying, problem, clearProblem: () => setProblem(undefined) };
}
