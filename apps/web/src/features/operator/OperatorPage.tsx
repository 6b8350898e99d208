/**
 * The operator console (/operator, /operator/setup): staff sign in with a password and then a code from an
 * authenticator app (or a recovery code), enrol the app on their first sign-in (its QR code, the key as text,
 * then ten recovery codes shown once), and reach the console. The server checks every step and every role.
 */
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  confirmEnrolment,
  fetchStaffMe,
  type StaffMember,
  staffCode,
  staffLogin,
  staffSetup,
  startEnrolment,
} from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { useLocation, useSearchParams } from '../../shared/routing/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { Console } from './Console.tsx';
import './operator.css';

const t = heOperator;

type Stage =
  | { kind: 'loading' }
  | { kind: 'login'; notice?: string }
  | { kind: 'setup' }
  | { kind: 'code' }
  | { kind: 'enrol' }
  | { kind: 'recovery'; codes: string[]; staff: StaffMember }
  | { kind: 'console'; staff: StaffMember };

export default function OperatorPage() {
  usePageTitle(t.title);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const setupToken = pathname === '/operator/setup' ? (params.get('token') ?? '') : null;
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });

  useEffect(() => {
    if (setupToken !== null) return setStage({ kind: 'setup' });
    let alive = true;
    void fetchStaffMe().then((res) => {
      if (!alive) return;
      setStage(res.ok && res.data?.staff ? { kind: 'console', staff: res.data.staff } : { kind: 'login' });
    });
    return () => {
      alive = false;
    };
  }, [setupToken]);

  const afterPassword = (next: 'code' | 'enrol' | undefined) => setStage({ kind: next === 'enrol' ? 'enrol' : 'code' });
  const ended = () => setStage({ kind: 'login', notice: t.sessionEnded });

  return (
    <main className="operator" id="main">
      {stage.kind === 'loading' && <p role="status">{t.loggingIn}</p>}
      {stage.kind === 'login' && <LoginStep notice={stage.notice} onNext={afterPassword} />}
      {stage.kind === 'setup' && <SetupStep token={setupToken ?? ''} onNext={afterPassword} />}
      {stage.kind === 'code' && <CodeStep onEnded={ended} onDone={(staff) => setStage({ kind: 'console', staff })} />}
      {stage.kind === 'enrol' && (
        <EnrolStep onEnded={ended} onDone={(staff, codes) => setStage({ kind: 'recovery', codes, staff })} />
      )}
      {stage.kind === 'recovery' && (
        <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'console', staff: stage.staff })} />
      )}
      {stage.kind === 'console' && <Console staff={stage.staff} onLoggedOut={() => setStage({ kind: 'login' })} />}
    </main>
  );
}

/** A step's card: its heading, intro, what went wrong, and its form. */
function StepCard(props: {
  title: string;
  intro: string;
  error?: string | undefined;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submit: string;
  busyText: string;
  children: React.ReactNode;
}) {
  return (
    <section className="operator__card">
      <h1 className="operator__title">{props.title}</h1>
      <p className="operator__intro">{props.intro}</p>
      <form noValidate onSubmit={props.onSubmit}>
        {props.children}
        <div aria-live="assertive">
          {props.error && (
            <p className="operator__error" role="alert">
              {props.error}
            </p>
          )}
        </div>
        <SendButton sending={props.busy} label={props.submit} sendingLabel={props.busyText} block />
      </form>
    </section>
  );
}

function LoginStep(props: { notice?: string | undefined; onNext: (next: 'code' | 'enrol' | undefined) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<{ captchaId: string; captchaUrl: string }>();
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const res = await staffLogin({
      email,
      password,
      ...(captcha ? { captchaId: captcha.captchaId, captchaAnswer } : {}),
    });
    setBusy(false);
    if (res.ok && res.data?.status === 200) return props.onNext(res.data.next);
    const found = Object.fromEntries((res.data?.errors ?? []).map((e) => [e.fieldName, e.msg]));
    setErrors(Object.keys(found).length ? found : { form: t.failed });
    setCaptcha(res.data?.captcha);
    setCaptchaAnswer('');
  };
  return (
    <StepCard
      title={t.loginTitle}
      intro={props.notice ?? t.loginIntro}
      error={errors.form ?? errors.captcha}
      onSubmit={submit}
      busy={busy}
      submit={t.login}
      busyText={t.loggingIn}
    >
      <TextField
        name="email"
        label={t.email}
        kind="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        required
        autoFocus
      />
      <TextField
        name="password"
        label={t.password}
        type="password"
        autoComplete="current-password"
        dir="ltr"
        value={password}
        onChange={setPassword}
        error={errors.password}
        required
      />
      {captcha && (
        <div className="operator__captcha">
          <img src={captcha.captchaUrl} alt={t.captchaAlt} width={160} height={56} />
          <TextField
            name="captchaAnswer"
            label={t.captcha}
            autoComplete="off"
            dir="ltr"
            value={captchaAnswer}
            onChange={setCaptchaAnswer}
            required
          />
        </div>
      )}
    </StepCard>
  );
}

function SetupStep(props: { token: string; onNext: (next: 'code' | 'enrol' | undefined) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(props.token ? undefined : t.setupNoToken);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !props.token) return;
    setBusy(true);
    const res = await staffSetup(props.token, password);
    setBusy(false);
    if (res.ok && res.data?.status === 200) return props.onNext(res.data.next);
    setError(res.data?.errors?.[0]?.msg ?? t.failed);
  };
  return (
    <StepCard
      title={t.setupTitle}
      intro={t.setupIntro}
      error={error}
      onSubmit={submit}
      busy={busy}
      submit={t.setupSave}
      busyText={t.loggingIn}
    >
      <TextField
        name="newPassword"
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        hint={t.passwordHint}
        value={password}
        onChange={setPassword}
        required
        autoFocus
      />
    </StepCard>
  );
}

/** A six-digit code: digits only, as the phone's keypad types them. */
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

function CodeStep(props: { onDone: (staff: StaffMember) => void; onEnded: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const res = await staffCode(recovery ? { recoveryCode: value } : { code: value });
    setBusy(false);
    if (res.ok && res.data?.staff) return props.onDone(res.data.staff);
    if (res.data?.ended) return props.onEnded();
    setError(res.data?.message ?? t.failed);
    setValue('');
  };
  return (
    <StepCard
      title={t.codeTitle}
      intro={t.codeIntro}
      error={error}
      onSubmit={submit}
      busy={busy}
      submit={t.confirm}
      busyText={t.confirming}
    >
      {recovery ? (
        <TextField
          key="recovery"
          name="recoveryCode"
          label={t.recoveryCode}
          autoComplete="off"
          dir="ltr"
          value={value}
          onChange={setValue}
          required
          autoFocus
        />
      ) : (
        <TextField
          key="code"
          name="code"
          label={t.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          dir="ltr"
          maxLength={6}
          value={value}
          onChange={(typed) => setValue(digits(typed))}
          required
          autoFocus
        />
      )}
      <button
        type="button"
        className="btn btn--link operator__switch"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(undefined);
        }}
      >
        {recovery ? t.useApp : t.useRecovery}
      </button>
    </StepCard>
  );
}

function EnrolStep(props: { onDone: (staff: StaffMember, codes: string[]) => void; onEnded: () => void }) {
  const [enrolment, setEnrolment] = useState<{ otpauthUri: string; secret: string }>();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { onEnded } = props;
  useEffect(() => {
    let alive = true;
    void startEnrolment().then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.otpauthUri && res.data.secret)
        setEnrolment({ otpauthUri: res.data.otpauthUri, secret: res.data.secret });
      else if (res.status === 401) onEnded();
      else setError(res.data?.message ?? t.failed);
    });
    return () => {
      alive = false;
    };
  }, [onEnded]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const res = await confirmEnrolment(value);
    setBusy(false);
    if (res.ok && res.data?.staff && res.data.recoveryCodes)
      return props.onDone(res.data.staff, res.data.recoveryCodes);
    setError(res.data?.message ?? t.failed);
    setValue('');
  };
  return (
    <StepCard
      title={t.enrolTitle}
      intro={t.enrolIntro}
      error={error}
      onSubmit={submit}
      busy={busy}
      submit={t.enrolConfirm}
      busyText={t.confirming}
    >
      {enrolment && (
        <div className="operator__enrol">
          <QRCodeSVG value={enrolment.otpauthUri} size={176} role="img" aria-label={t.qrLabel} />
          <p className="operator__secret-label">{t.secret}</p>
          <p className="operator__secret" dir="ltr" data-testid="totp-secret">
            {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          </p>
        </div>
      )}
      <TextField
        name="code"
        label={t.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        dir="ltr"
        maxLength={6}
        value={value}
        onChange={(typed) => setValue(digits(typed))}
        required
      />
    </StepCard>
  );
}

function RecoveryCodes(props: { codes: string[]; onDone: () => void }) {
  return (
    <section className="operator__card">
      <h1 className="operator__title">{t.recoveryTitle}</h1>
      <p className="operator__intro">{t.recoveryIntro}</p>
      <ol className="operator__codes" data-testid="recovery-codes">
        {props.codes.map((code) => (
          <li key={code}>
            <bdi dir="ltr">{code}</bdi>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--primary btn--block" onClick={props.onDone}>
        {t.recoverySaved}
      </button>
    </section>
  );
}
