/**
 * The operator console (/operator and every address under it, /operator/setup): staff sign in with a password and
 * then a code from an authenticator app (or a recovery code), enrol the app on their first sign-in (its QR code, the
 * key as text, then ten recovery codes shown once), and reach the console. The sign-in happens at the address that
 * was opened, so a link to a section, a case or a payment opens it once signed in. The server checks every step and
 * every role.
 */
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
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
import { he, heOperator } from '../../shared/i18n/index.ts';
import { type FormSendOutcome, SendButton, useFormPopup } from '../../shared/popups/index.ts';
import { useLocation, useSearchParams } from '../../shared/routing/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { Console } from './Console.tsx';
import { CodeField, ErrorNote, useSubmit } from './parts.tsx';
import './operator.css';

const t = heOperator;

type Next = 'code' | 'enrol' | undefined;
type Stage =
  | { kind: 'loading' }
  /** `notice` replaces the introduction (the session ran out); `refusal` says why the last sign-in was stopped. */
  | { kind: 'login'; notice?: string; refusal?: string }
  | { kind: 'setup' }
  | { kind: 'code' }
  | { kind: 'enrol' }
  | { kind: 'recovery'; codes: string[]; staff: StaffMember }
  | { kind: 'console'; staff: StaffMember };

export default function OperatorPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // The setup link's token, as the page was opened (the console then moves to the member's first section).
  const [setupToken] = useState(() => (pathname === '/operator/setup' ? (params.get('token') ?? '') : null));
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

  const afterPassword = (next: Next) => setStage({ kind: next === 'enrol' ? 'enrol' : 'code' });
  // Stopped by a limit (too many wrong codes, a locked sign-in: the server's 429 says which), or the step ran out.
  const ended = (refusal?: string) =>
    setStage({ kind: 'login', ...(refusal ? { refusal } : { notice: t.sessionEnded }) });
  const signedIn = (staff: StaffMember) => setStage({ kind: 'console', staff });

  if (stage.kind === 'console') return <Console staff={stage.staff} onLoggedOut={() => setStage({ kind: 'login' })} />;
  return (
    <main className="operator" id="main">
      <SignInTitle />
      {stage.kind === 'loading' && <p role="status">{t.loggingIn}</p>}
      {stage.kind === 'login' && <LoginStep notice={stage.notice} refusal={stage.refusal} onNext={afterPassword} />}
      {stage.kind === 'setup' && <SetupStep token={setupToken ?? ''} onNext={afterPassword} />}
      {stage.kind === 'code' && <CodeStep onEnded={ended} onDone={signedIn} />}
      {stage.kind === 'enrol' && (
        <EnrolStep onEnded={ended} onDone={(staff, codes) => setStage({ kind: 'recovery', codes, staff })} />
      )}
      {stage.kind === 'recovery' && <RecoveryCodes codes={stage.codes} onDone={() => signedIn(stage.staff)} />}
    </main>
  );
}

/** The sign-in's steps share the console's title (each section has its own once signed in). */
function SignInTitle() {
  usePageTitle(t.title);
  return null;
}

/** A step's card: its heading and intro, then its form with what went wrong and its button. */
function StepCard(props: {
  title: string;
  intro: string;
  form: { busy: boolean; error: string | undefined; submit: (event: FormEvent) => void };
  button: [label: string, busy: string];
  children: ReactNode;
}) {
  return (
    <section className="operator__card">
      <h1 className="operator__title">{props.title}</h1>
      <p className="operator__intro">{props.intro}</p>
      <form noValidate onSubmit={props.form.submit}>
        {props.children}
        <div aria-live="assertive">
          <ErrorNote text={props.form.error} />
        </div>
        <SendButton sending={props.form.busy} label={props.button[0]} sendingLabel={props.button[1]} block />
      </form>
    </section>
  );
}

function LoginStep(props: { notice?: string | undefined; refusal?: string | undefined; onNext: (next: Next) => void }) {
  const [captcha, setCaptcha] = useState<{ captchaId: string; captchaUrl: string }>();
  // Why the sign-in was stopped (a locked account, too many wrong codes), until the next try.
  const [refusal, setRefusal] = useState(props.refusal);
  const f = useFormPopup({
    initial: { email: '', password: '', captchaAnswer: '' },
    formSelector: '.operator__card form',
    send: async ({ email, password, captchaAnswer }): Promise<FormSendOutcome> => {
      setRefusal(undefined);
      const answer = captcha ? { captchaId: captcha.captchaId, captchaAnswer } : {};
      const res = await staffLogin({ email, password, ...answer });
      if (res.ok && res.data?.status === 200) {
        props.onNext(res.data.next);
        return { kind: 'handled' };
      }
      // The whole sign-in refused, not a field: the account's sign-in is locked.
      if (res.data?.message && !res.data.errors?.length) {
        setRefusal(res.data.message);
        return { kind: 'handled' };
      }
      setCaptcha(res.data?.captcha);
      // The captcha's message goes under its answer.
      const found = (res.data?.errors ?? []).map((e) => [
        e.fieldName === 'captcha' ? 'captchaAnswer' : e.fieldName,
        e.msg,
      ]);
      return found.length ? { kind: 'errors', errors: Object.fromEntries(found) } : { kind: 'failed' };
    },
  });
  const error = refusal ?? (f.state === 'failed' ? t.failed : undefined);
  const form = { busy: f.state === 'sending', error, submit: f.submit };
  return (
    <StepCard title={t.loginTitle} intro={props.notice ?? t.loginIntro} form={form} button={[t.login, t.loggingIn]}>
      <TextField {...f.field('email')} label={t.email} kind="email" required autoFocus />
      <TextField
        {...f.field('password')}
        label={t.password}
        type="password"
        autoComplete="current-password"
        dir="ltr"
        required
      />
      {captcha && (
        <div className="operator__captcha">
          <img src={captcha.captchaUrl} alt={t.captchaAlt} width={160} height={56} />
          <TextField {...f.field('captchaAnswer')} label={t.captcha} autoComplete="off" dir="ltr" required />
        </div>
      )}
    </StepCard>
  );
}

function SetupStep(props: { token: string; onNext: (next: Next) => void }) {
  const [password, setPassword] = useState('');
  const form = useSubmit(async () => {
    if (!props.token) return t.setupNoToken;
    const res = await staffSetup(props.token, password);
    if (res.ok && res.data?.status === 200) {
      props.onNext(res.data.next);
      return undefined;
    }
    return res.data?.errors?.[0]?.msg ?? t.failed;
  });
  return (
    <StepCard
      title={t.setupTitle}
      intro={props.token ? t.setupIntro : t.setupNoToken}
      form={form}
      button={[t.setupSave, t.loggingIn]}
    >
      <TextField
        name="newPassword"
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        hint={he.login.passwordHint}
        value={password}
        onChange={setPassword}
        required
        autoFocus
      />
    </StepCard>
  );
}

/** Why a code step ended: the server's words when a limit stopped it (429); none when it only ran out. */
const refusalOf = (res: { status: number; data: { message?: string } | null }) =>
  res.status === 429 ? res.data?.message : undefined;

function CodeStep(props: { onDone: (staff: StaffMember) => void; onEnded: (refusal?: string) => void }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const form = useSubmit(async () => {
    const res = await staffCode(recovery ? { recoveryCode: value } : { code: value });
    if (res.ok && res.data?.staff) {
      props.onDone(res.data.staff);
      return undefined;
    }
    if (res.data?.ended) {
      props.onEnded(refusalOf(res));
      return undefined;
    }
    setValue('');
    return res.data?.message ?? t.failed;
  });
  return (
    <StepCard title={t.codeTitle} intro={t.codeIntro} form={form} button={[t.confirm, t.confirming]}>
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
        <CodeField key="code" value={value} onChange={setValue} autoFocus />
      )}
      <button
        type="button"
        className="btn btn--link operator__switch"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          form.setError(undefined);
        }}
      >
        {recovery ? t.useApp : t.useRecovery}
      </button>
    </StepCard>
  );
}

function EnrolStep(props: {
  onDone: (staff: StaffMember, codes: string[]) => void;
  onEnded: (refusal?: string) => void;
}) {
  const [enrolment, setEnrolment] = useState<{ otpauthUri: string; secret: string }>();
  const [value, setValue] = useState('');
  const form = useSubmit(async () => {
    const res = await confirmEnrolment(value);
    if (res.ok && res.data?.staff && res.data.recoveryCodes) {
      props.onDone(res.data.staff, res.data.recoveryCodes);
      return undefined;
    }
    if (res.data?.ended) {
      props.onEnded(refusalOf(res));
      return undefined;
    }
    setValue('');
    return res.data?.message ?? t.failed;
  });
  const { onEnded } = props;
  const { setError } = form;
  useEffect(() => {
    let alive = true;
    void startEnrolment().then((res) => {
      if (!alive) return;
      const { otpauthUri, secret } = res.data ?? {};
      if (res.ok && otpauthUri && secret) setEnrolment({ otpauthUri, secret });
      else if (res.status === 401) onEnded();
      else setError(res.data?.message ?? t.failed);
    });
    return () => {
      alive = false;
    };
  }, [onEnded, setError]);
  return (
    <StepCard title={t.enrolTitle} intro={t.enrolIntro} form={form} button={[t.enrolConfirm, t.confirming]}>
      {enrolment && (
        <div className="operator__enrol">
          <QRCodeSVG value={enrolment.otpauthUri} size={176} role="img" aria-label={t.qrLabel} />
          <p className="operator__secret-label">{t.secret}</p>
          <p className="operator__secret" dir="ltr" data-testid="totp-secret">
            {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          </p>
        </div>
      )}
      <CodeField value={value} onChange={setValue} />
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
