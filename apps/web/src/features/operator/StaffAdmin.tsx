/** The admin's staff screen: every staff account, and an invitation that answers a one-time setup link. */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { fetchStaff, inviteStaff, type StaffListItem, type StaffRole } from '../../shared/api/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { TextField } from '../../shared/ui/index.ts';

const t = heOperator;
const ROLES: StaffRole[] = ['moderator', 'support', 'finance', 'analyst', 'admin'];

export function StaffAdmin() {
  const [staff, setStaff] = useState<StaffListItem[] | null>(null);
  // Read at first and again after each invitation.
  const load = useCallback(() => {
    void fetchStaff().then((res) => {
      if (res.ok && res.data?.staff) setStaff(res.data.staff);
    });
  }, []);
  useEffect(load, [load]);
  return (
    <section className="operator__section" aria-labelledby="staff-title">
      <h2 id="staff-title">{t.staffTitle}</h2>
      {staff && (
        <ul className="operator__staff" data-testid="staff-list">
          {staff.map((s) => (
            <li key={s.id}>
              <span className="operator__name">{s.name}</span> <bdi dir="ltr">{s.email}</bdi> · {t.roles[s.role]} ·{' '}
              {s.disabled ? t.staffDisabled : s.enrolled ? t.staffEnrolled : t.staffNotEnrolled}
            </li>
          ))}
        </ul>
      )}
      <InviteForm onInvited={load} />
    </section>
  );
}

function InviteForm(props: { onInvited: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string>();
  const roleId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const res = await inviteStaff({ email, name, role });
    setBusy(false);
    if (res.ok && res.data?.setupLink) {
      setLink(res.data.setupLink);
      setErrors({});
      setName('');
      setEmail('');
      return props.onInvited();
    }
    const found = Object.fromEntries((res.data?.errors ?? []).map((e) => [e.fieldName, e.msg]));
    setErrors(Object.keys(found).length ? found : { form: t.failed });
  };
  return (
    <form className="operator__invite" noValidate onSubmit={submit} aria-labelledby="invite-title">
      <h3 id="invite-title">{t.inviteTitle}</h3>
      <TextField
        name="name"
        label={t.inviteName}
        kind="name"
        maxLength={60}
        value={name}
        onChange={setName}
        error={errors.name}
        required
      />
      <TextField
        name="email"
        label={t.inviteEmail}
        kind="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        required
      />
      <div className="text-field">
        <label htmlFor={roleId} className="text-field__label">
          {t.inviteRole}
        </label>
        <select
          id={roleId}
          className="text-field__input"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t.roles[r]}
            </option>
          ))}
        </select>
      </div>
      {errors.form && (
        <p className="operator__error" role="alert">
          {errors.form}
        </p>
      )}
      <SendButton sending={busy} label={t.inviteSend} sendingLabel={t.inviting} />
      <div aria-live="polite">
        {link && (
          <p className="operator__link">
            {t.inviteLink}{' '}
            <bdi dir="ltr" data-testid="setup-link">
              {link}
            </bdi>
          </p>
        )}
      </div>
    </form>
  );
}
