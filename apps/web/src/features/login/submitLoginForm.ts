import type { Dispatch } from 'react';
import { confirmCode, createNewPass, forgetPass, login, register, type SignInOutcome } from '../../shared/api/index.ts';
import { rememberVisitor } from './knownVisitor.ts';
import { type Captcha, type LoginFormEvent, type LoginFormState, validateStep } from './loginFormMachine.ts';
import { LOGIN_CODES, type LoginCode } from './loginPopupMachine.ts';

/** A finished sign-in: the success code for the popup and an optional server redirect. */
export interface SubmitSuccess {
  code: LoginCode;
  redirectForce?: string | undefined;
}

const captchaOf = (answer: { captcha?: 0 | 1; captchaId?: string; captchaUrl?: string }): Captcha | undefined =>
  answer.captcha === 1 && answer.captchaId && answer.captchaUrl
    ? { id: answer.captchaId, url: answer.captchaUrl }
    : undefined;

function finishSignIn(outcome: SignInOutcome, code: LoginCode, dispatch: Dispatch<LoginFormEvent>, email?: string) {
  if (outcome.ok) {
    // Signed out later, this browser greets them as known.
    if (email) rememberVisitor({ firstName: outcome.customer.firstName, email });
    dispatch({ type: 'signedIn' });
    return { code, redirectForce: outcome.redirectForce };
  }
  dispatch({ type: 'signInFailed', errors: outcome.errors, captcha: outcome.captcha, network: outcome.network });
  return undefined;
}

/**
 * Runs the client checks and the call of the current step, feeding the answers to the machine.
 * Resolves with the success code when the customer is now signed in.
 */
export async function submitLoginForm(
  state: LoginFormState,
  dispatch: Dispatch<LoginFormEvent>,
): Promise<SubmitSuccess | undefined> {
  if (state.busy) return undefined;
  dispatch({ type: 'submit' });
  if (Object.keys(validateStep(state)).length > 0) return undefined;

  const v = state.values;
  const email = (value: string) => value.trim();
  const captcha = state.captcha ? { captchaId: state.captcha.id, captchaAnswer: v.captchaAnswer.trim() } : {};

  switch (state.step) {
    case 'signIn': {
      const outcome = await login({ username: email(v.username), password: v.password, ...captcha });
      return finishSignIn(outcome, LOGIN_CODES.loginSuccess, dispatch, email(v.username));
    }
    case 'signUp': {
      const outcome = await register({
        username: email(v.username),
        password: v.password,
        passwordAgain: v.passwordAgain,
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
      });
      return finishSignIn(outcome, LOGIN_CODES.registerSuccess, dispatch, email(v.username));
    }
    case 'forgetPass': {
      const answer = await forgetPass({ EmailForgetPass: email(v.EmailForgetPass), ...captcha });
      dispatch({
        type: 'forgetPassAnswered',
        error: answer.error,
        message: answer.message,
        captcha: captchaOf(answer),
      });
      return undefined;
    }
    case 'confirmCode': {
      const answer = await confirmCode({
        EmailForgetPass: email(v.EmailForgetPass),
        confirmCodePass: v.confirmCodePass,
      });
      dispatch({
        type: 'confirmCodeAnswered',
        error: answer.error,
        message: answer.message,
        attempts: answer.attempts ?? 0,
        custID: answer.custID,
        resetToken: answer.resetToken,
      });
      return undefined;
    }
    case 'newPassState': {
      const { custID = 0, resetToken = '' } = state.recovery ?? {};
      const answer = await createNewPass({
        userName: email(v.EmailForgetPass),
        newPass: v.newPass,
        renewPass: v.renewPass,
        custID,
        resetToken,
      });
      dispatch({ type: 'newPassAnswered', error: answer.error, message: answer.message });
      if (answer.error !== 0) return undefined;
      const outcome = await login({ username: email(v.EmailForgetPass), password: v.newPass });
      return finishSignIn(outcome, LOGIN_CODES.forgotPasswordSuccess, dispatch);
    }
  }
}
