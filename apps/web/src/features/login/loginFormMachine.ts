/**
 * The login form's state machine (publish-wizard.md §4 "Login popup and form", §5 login rules, §8 login error).
 * Pure: the component sends the events and performs the calls; texts are chosen by the view from the kinds.
 *
 *   signIn ──► signUp | forgetPass        any step ──► signIn        confirmCode ──► forgetPass (new code)
 *   forgetPass ──(error 0)──► confirmCode ──(error 0)──► newPassState ──(error 0)──► auto login
 *   confirmCode ──(error 1, attempts ≥ CODE_ATTEMPT_LIMIT)──► forgetPass, code cleared
 */
import { CODE_ATTEMPT_LIMIT, type FieldError } from '@app/contract/auth';

export type FormStep = 'signIn' | 'signUp' | 'forgetPass' | 'confirmCode' | 'newPassState';

/** Input names, equal to the wire names. */
export type FieldName =
  | 'username'
  | 'password'
  | 'passwordAgain'
  | 'firstname'
  | 'lastname'
  | 'EmailForgetPass'
  | 'confirmCodePass'
  | 'newPass'
  | 'renewPass'
  | 'captchaAnswer';

export type FieldErrorState = { kind: 'required' } | { kind: 'server'; text: string };
export type FormMessage = { kind: 'server'; text: string } | { kind: 'network' } | { kind: 'unknown' };

export interface Captcha {
  id: string;
  url: string;
}

export interface LoginFormState {
  step: FormStep;
  values: Record<FieldName, string>;
  errors: Partial<Record<FieldName, FieldErrorState>>;
  /** Message under the form (recovery failures, unexpected errors). */
  formMessage: FormMessage | null;
  captcha: Captcha | null;
  busy: boolean;
  /** Field to focus; seq changes on every request so the same field can be focused again. */
  focus: { field: FieldName; seq: number } | null;
  /** Issued by a correct code; authorises createNewPass. */
  recovery: { custID: number; resetToken: string } | null;
}

export type LoginFormEvent =
  | { type: 'edit'; field: FieldName; value: string }
  | { type: 'go'; step: 'signIn' | 'signUp' | 'forgetPass' }
  | { type: 'submit' }
  | { type: 'signInFailed'; errors: readonly FieldError[]; captcha?: Captcha | undefined; network?: boolean }
  | { type: 'forgetPassAnswered'; error: 0 | 1; message: string; captcha?: Captcha | undefined }
  | {
      type: 'confirmCodeAnswered';
      error: 0 | 1;
      message: string;
      attempts: number;
      custID?: number | undefined;
      resetToken?: string | undefined;
    }
  | { type: 'newPassAnswered'; error: 0 | 1; message: string }
  | { type: 'signedIn' };

const EMPTY_VALUES: Record<FieldName, string> = {
  username: '',
  password: '',
  passwordAgain: '',
  firstname: '',
  lastname: '',
  EmailForgetPass: '',
  confirmCodePass: '',
  newPass: '',
  renewPass: '',
  captchaAnswer: '',
};

export function initialLoginFormState(step: FormStep = 'signIn'): LoginFormState {
  return {
    step,
    values: { ...EMPTY_VALUES },
    errors: {},
    formMessage: null,
    captcha: null,
    busy: false,
    focus: null,
    recovery: null,
  };
}

const STEP_FIELDS: Readonly<Record<FormStep, readonly FieldName[]>> = {
  signIn: ['username', 'password'],
  signUp: ['firstname', 'lastname', 'username', 'password', 'passwordAgain'],
  forgetPass: ['EmailForgetPass'],
  confirmCode: ['confirmCodePass'],
  newPassState: ['newPass', 'renewPass'],
};

/** The inputs shown on the step, in screen order (the captcha input when a captcha is shown). */
export function visibleFields(state: Pick<LoginFormState, 'step' | 'captcha'>): readonly FieldName[] {
  const fields = STEP_FIELDS[state.step];
  const withCaptcha = state.captcha && (state.step === 'signIn' || state.step === 'forgetPass');
  return withCaptcha ? [...fields, 'captchaAnswer'] : fields;
}

/** Client checks before a call: every visible field is required ('שדה חובה'). */
export function validateStep(state: LoginFormState): Partial<Record<FieldName, FieldErrorState>> {
  const errors: Partial<Record<FieldName, FieldErrorState>> = {};
  for (const field of visibleFields(state)) {
    if (state.values[field].trim() === '') errors[field] = { kind: 'required' };
  }
  return errors;
}

/** Wire field names of server errors mapped to inputs. */
function inputFor(fieldName: string): FieldName | undefined {
  if (fieldName === 'captcha') return 'captchaAnswer';
  return fieldName in EMPTY_VALUES ? (fieldName as FieldName) : undefined;
}

const nextFocus = (state: LoginFormState, field: FieldName) => ({ field, seq: (state.focus?.seq ?? 0) + 1 });

const serverMessage = (text: string): FormMessage => (text ? { kind: 'server', text } : { kind: 'unknown' });

function goTo(state: LoginFormState, step: FormStep): LoginFormState {
  const values = { ...state.values, captchaAnswer: '' };
  if (step === 'forgetPass' && !values.EmailForgetPass) values.EmailForgetPass = values.username;
  return { ...state, step, values, errors: {}, formMessage: null, captcha: null, busy: false, focus: null };
}

const ALLOWED_MOVES: Readonly<Record<FormStep, readonly FormStep[]>> = {
  signIn: ['signUp', 'forgetPass'],
  signUp: ['signIn'],
  forgetPass: ['signIn'],
  confirmCode: ['signIn', 'forgetPass'],
  newPassState: ['signIn'],
};

export function loginFormReducer(state: LoginFormState, event: LoginFormEvent): LoginFormState {
  switch (event.type) {
    case 'edit': {
      const errors = { ...state.errors };
      delete errors[event.field];
      return { ...state, values: { ...state.values, [event.field]: event.value }, errors };
    }
    case 'go':
      return ALLOWED_MOVES[state.step].includes(event.step) ? goTo(state, event.step) : state;
    case 'submit': {
      if (state.busy) return state;
      const errors = validateStep(state);
      const first = visibleFields(state).find((f) => errors[f]);
      if (first) return { ...state, errors, formMessage: null, focus: nextFocus(state, first) };
      return { ...state, errors: {}, formMessage: null, busy: true };
    }
    case 'signInFailed': {
      const base = {
        ...state,
        busy: false,
        captcha: event.captcha ?? null,
        values: { ...state.values, captchaAnswer: '' },
      };
      if (event.network) return { ...base, errors: {}, formMessage: { kind: 'network' } };
      const first = event.errors[0];
      const field = first ? inputFor(first.fieldName) : undefined;
      if (first && field && visibleFields(base).includes(field)) {
        return {
          ...base,
          errors: { [field]: { kind: 'server', text: first.msg } },
          formMessage: null,
          focus: nextFocus(state, field),
        };
      }
      return { ...base, errors: {}, formMessage: serverMessage(first?.msg ?? '') };
    }
    case 'forgetPassAnswered':
      if (event.error === 0) {
        return {
          ...goTo(state, 'confirmCode'),
          values: { ...state.values, confirmCodePass: '', captchaAnswer: '' },
          focus: nextFocus(state, 'confirmCodePass'),
        };
      }
      return {
        ...state,
        busy: false,
        captcha: event.captcha ?? null,
        values: { ...state.values, captchaAnswer: '' },
        formMessage: serverMessage(event.message),
      };
    case 'confirmCodeAnswered':
      if (event.error === 0 && event.custID !== undefined && event.resetToken) {
        return {
          ...goTo(state, 'newPassState'),
          recovery: { custID: event.custID, resetToken: event.resetToken },
          focus: nextFocus(state, 'newPass'),
        };
      }
      if (event.error === 1 && event.attempts >= CODE_ATTEMPT_LIMIT) {
        return {
          ...goTo(state, 'forgetPass'),
          values: { ...state.values, confirmCodePass: '' },
          formMessage: serverMessage(event.message),
          focus: nextFocus(state, 'EmailForgetPass'),
        };
      }
      return {
        ...state,
        busy: false,
        formMessage: serverMessage(event.message),
        focus: nextFocus(state, 'confirmCodePass'),
      };
    case 'newPassAnswered':
      // On success the form stays busy while it logs in with the new password.
      return event.error === 0 ? state : { ...state, busy: false, formMessage: serverMessage(event.message) };
    case 'signedIn':
      return { ...state, busy: false, errors: {}, formMessage: null };
  }
}
