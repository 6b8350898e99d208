import { he } from '../../shared/i18n/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import type { FieldErrorState, FieldName, LoginFormState } from './loginFormMachine.ts';

const t = he.login;

export interface FieldsProps {
  state: LoginFormState;
  onEdit: (field: FieldName, value: string) => void;
  register: (field: FieldName) => (el: HTMLInputElement | null) => void;
}

const errorText = (error: FieldErrorState | undefined): string | undefined =>
  error ? (error.kind === 'required' ? he.common.required : error.text) : undefined;

type FieldSpec = Omit<Parameters<typeof TextField>[0], 'value' | 'onChange' | 'error' | 'inputRef' | 'name'>;

/** Label, input type and autocomplete of every input (name = wire name). */
const SPECS: Readonly<Record<FieldName, FieldSpec>> = {
  username: { label: t.email, type: 'email', autoComplete: 'username', dir: 'ltr', inputMode: 'email' },
  password: { label: t.password, type: 'password', autoComplete: 'current-password', dir: 'ltr' },
  passwordAgain: { label: t.passwordAgain, type: 'password', autoComplete: 'new-password', dir: 'ltr' },
  firstname: { label: t.firstName, autoComplete: 'given-name' },
  lastname: { label: t.lastName, autoComplete: 'family-name' },
  EmailForgetPass: { label: t.email, type: 'email', autoComplete: 'email', dir: 'ltr', inputMode: 'email' },
  confirmCodePass: {
    label: t.code,
    autoComplete: 'one-time-code',
    dir: 'ltr',
    inputMode: 'numeric',
    maxLength: 5,
  },
  newPass: { label: t.newPassword, type: 'password', autoComplete: 'new-password', dir: 'ltr', hint: t.passwordHint },
  renewPass: { label: t.newPasswordAgain, type: 'password', autoComplete: 'new-password', dir: 'ltr' },
  captchaAnswer: { label: t.captcha, autoComplete: 'off', dir: 'ltr' },
};

/** One input of the login form, bound to the machine's state. */
export function Field({
  name,
  state,
  onEdit,
  register,
  autoFocus,
  hint,
}: FieldsProps & {
  name: FieldName;
  autoFocus?: boolean;
  hint?: string;
}) {
  const spec = SPECS[name];
  return (
    <TextField
      {...spec}
      hint={hint ?? spec.hint}
      name={name}
      value={state.values[name]}
      onChange={(value) => onEdit(name, value)}
      error={errorText(state.errors[name])}
      inputRef={register(name)}
      autoFocus={autoFocus}
    />
  );
}

/** The captcha image and its input, when the server asked for one. */
export function CaptchaField(props: FieldsProps) {
  const { captcha } = props.state;
  if (!captcha) return null;
  return (
    <div className="login-form__captcha">
      <img src={captcha.url} alt={t.captchaImage} width={160} height={56} className="login-form__captcha-img" />
      <Field {...props} name="captchaAnswer" />
    </div>
  );
}
