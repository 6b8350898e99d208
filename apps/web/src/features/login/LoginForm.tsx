import { type FormEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { sameOriginPath } from '../../shared/routing/index.ts';
import { forgetVisitor, type KnownVisitor, knownVisitor } from './knownVisitor.ts';
import { CaptchaField, Field, type FieldsProps } from './LoginFormFields.tsx';
import { type FieldName, type FormStep, initialLoginFormState, loginFormReducer } from './loginFormMachine.ts';
import { LOGIN_CODES } from './loginPopupMachine.ts';
import { submitLoginForm } from './submitLoginForm.ts';
import './loginForm.css';

const t = he.login;

/** Popup code emitted when the form moves to a step (publish-wizard.md §4). */
const MOVE_CODE: Readonly<Record<'signIn' | 'signUp' | 'forgetPass', string>> = {
  signIn: LOGIN_CODES.login,
  signUp: LOGIN_CODES.register,
  forgetPass: LOGIN_CODES.forgotPassword,
};

const STEP_TITLE: Readonly<Record<FormStep, string>> = {
  signIn: t.headers.login,
  signUp: t.headers.register,
  forgetPass: t.headers.forgotPassword,
  confirmCode: t.headers.forgotPassword,
  newPassState: t.headers.forgotPassword,
};

export interface LoginFormProps {
  initialStep?: FormStep;
  /** Receives the popup codes: moves (005/006/001) and successes (002/004/003). */
  onCode: (code: string) => void;
  /** Show the step title as an h2 (the /login page; the popup has its own header). */
  showTitle?: boolean;
}

/** Login / register / password-recovery form (states signIn, signUp, forgetPass, confirmCode, newPassState). */
export function LoginForm({ initialStep = 'signIn', onCode, showTitle = false }: LoginFormProps) {
  // A known visitor (signed in here before): greeted, their e-mail filled in (knownVisitor.ts).
  const [known, setKnown] = useState<KnownVisitor | null>(knownVisitor);
  const [state, dispatch] = useReducer(loginFormReducer, initialStep, (step) => {
    const initial = initialLoginFormState(step);
    return known ? { ...initial, values: { ...initial.values, username: known.email } } : initial;
  });
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);

  const register = useCallback(
    (field: FieldName) => (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
    [],
  );

  // Focus the field the machine asks for (first invalid field, the field of a server error, the next step).
  useEffect(() => {
    if (state.focus) inputs.current[state.focus.field]?.focus();
  }, [state.focus]);

  // After a move between steps, focus the first input of the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!state.focus) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [state.step]);

  const go = (step: 'signIn' | 'signUp' | 'forgetPass') => {
    dispatch({ type: 'go', step });
    onCode(MOVE_CODE[step]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await submitLoginForm(state, dispatch);
    if (outcome?.redirectForce) {
      const path = sameOriginPath(outcome.redirectForce);
      if (path) {
        window.location.assign(path);
        return;
      }
    }
    if (outcome) onCode(outcome.code);
  };

  const fields: FieldsProps = { state, onEdit: (field, value) => dispatch({ type: 'edit', field, value }), register };
  const message = state.formMessage;
  const messageText =
    message === null
      ? ''
      : message.kind === 'server'
        ? message.text
        : message.kind === 'network'
          ? he.common.networkError
          : he.common.unknownError;

  return (
    <form
      ref={formRef}
      className="login-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={state.busy}
      data-step={state.step}
    >
      {showTitle && <h2 className="login-form__title">{STEP_TITLE[state.step]}</h2>}
      {known && state.step === 'signIn' && (
        <p className="login-form__known" data-testid="known-visitor">
          <span>{t.knownGreeting(known.firstName)}</span>{' '}
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              forgetVisitor();
              setKnown(null);
              dispatch({ type: 'edit', field: 'username', value: '' });
              inputs.current.username?.focus();
            }}
          >
            {t.notYou}
          </button>
        </p>
      )}
      <StepBody
        step={state.step}
        fields={fields}
        email={state.values.EmailForgetPass}
        knownEmail={known !== null && state.values.username === known.email}
      />
      <div aria-live="assertive" className="login-form__message-live">
        {messageText && (
          <p className="login-form__message" role="alert">
            {messageText}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={state.busy}>
        {state.busy ? <span aria-hidden="true">{t.busy}</span> : null}
        <span className={state.busy ? 'visually-hidden' : undefined}>{SUBMIT_TEXT[state.step]}</span>
      </button>
      <StepLinks step={state.step} go={go} />
    </form>
  );
}

const SUBMIT_TEXT: Readonly<Record<FormStep, string>> = {
  signIn: t.submitLogin,
  signUp: t.submitRegister,
  forgetPass: t.sendCode,
  confirmCode: t.confirmCode,
  newPassState: t.savePassword,
};

function StepBody({
  step,
  fields,
  email,
  knownEmail,
}: {
  step: FormStep;
  fields: FieldsProps;
  email: string;
  /** The known visitor's e-mail is filled in: the password is what is left to type. */
  knownEmail: boolean;
}) {
  switch (step) {
    case 'signIn':
      return (
        <>
          <Field {...fields} name="username" autoFocus={!knownEmail} />
          <Field {...fields} name="password" autoFocus={knownEmail} />
          <CaptchaField {...fields} />
        </>
      );
    case 'signUp':
      return (
        <>
          <div className="login-form__row">
            <Field {...fields} name="firstname" autoFocus />
            <Field {...fields} name="lastname" />
          </div>
          <Field {...fields} name="username" />
          <Field {...fields} name="password" hint={t.passwordHint} />
          <Field {...fields} name="passwordAgain" />
        </>
      );
    case 'forgetPass':
      return (
        <>
          <p className="login-form__intro">{t.forgotIntro}</p>
          <Field {...fields} name="EmailForgetPass" autoFocus />
          <CaptchaField {...fields} />
        </>
      );
    case 'confirmCode':
      return (
        <>
          <p className="login-form__intro">
            {t.codeSentTo} <bdi dir="ltr">{email}</bdi>
          </p>
          <Field {...fields} name="confirmCodePass" autoFocus />
        </>
      );
    case 'newPassState':
      return (
        <>
          <p className="login-form__intro">{t.newPassIntro}</p>
          <Field {...fields} name="newPass" autoFocus />
          <Field {...fields} name="renewPass" />
        </>
      );
  }
}

function StepLinks({ step, go }: { step: FormStep; go: (step: 'signIn' | 'signUp' | 'forgetPass') => void }) {
  if (step === 'signIn') {
    return (
      <div className="login-form__links">
        <button type="button" className="btn btn--link" onClick={() => go('forgetPass')}>
          {t.forgotPassword}
        </button>
        <p className="login-form__switch">
          {t.noAccount}{' '}
          <button type="button" className="btn btn--link" onClick={() => go('signUp')}>
            {t.submitRegister}
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="login-form__links">
      {step === 'confirmCode' && (
        <button type="button" className="btn btn--link" onClick={() => go('forgetPass')}>
          {t.resendCode}
        </button>
      )}
      {step === 'signUp' ? (
        <p className="login-form__switch">
          {t.haveAccount}{' '}
          <button type="button" className="btn btn--link" onClick={() => go('signIn')}>
            {t.submitLogin}
          </button>
        </p>
      ) : (
        <button type="button" className="btn btn--link" onClick={() => go('signIn')}>
          {t.backToLogin}
        </button>
      )}
    </div>
  );
}
