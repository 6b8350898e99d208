/** The admin's staff screen: every staff account, and an invitation that answers a one-time setup link. */
import { useCallback, useEffect, useState } from 'react';
import { fetchStaff, inviteStaff, type StaffListItem, type StaffRole } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { type FormSendOutcome, SendButton, useFormPopup } from '../../shared/popups/index.ts';
import { SelectField, TextField } from '../../shared/ui/index.ts';
import { ErrorNote } from './parts.tsx';

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
              {s.signInLockedUntil && !s.disabled && (
                <>
                  {' '}
                  ·{' '}
                  <strong className="operator__locked">
                    {t.staffLocked.until} <bdi dir="ltr">{formatDateTime(s.signInLockedUntil)}</bdi> {t.staffLocked.why}
                  </strong>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <InviteForm onInvited={load} />
    </section>
  );
}

function InviteForm(props: { onInvited: () => void }) {
  const [role, setRole] = useState<StaffRole>('support');
  const [link, setLink] = useState<string>();
  const f = useFormPopup({
    initial: { name: '', email: '' },
    formSelector: '.operator__invite',
    send: async ({ name, email }): Promise<FormSendOutcome> => {
      const res = await inviteStaff({ email, name, role });
      if (res.ok && res.data?.setupLink) {
        setLink(res.data.setupLink);
        props.onInvited();
        return { kind: 'handled' };
      }
      const found = (res.data?.errors ?? []).map((e) => [e.fieldName, e.msg]);
      return found.length ? { kind: 'errors', errors: Object.fromEntries(found) } : { kind: 'failed' };
    },
  });
  return (
    <form className="operator__invite" noValidate onSubmit={f.submit} aria-labelledby="invite-title">
      <h3 id="invite-title">{t.inviteTitle}</h3>
      <TextField {...f.field('name')} label={t.inviteName} kind="name" maxLength={60} required />
      <TextField {...f.field('email')} label={t.inviteEmail} kind="email" required />
      <SelectField
        label={t.inviteRole}
        value={role}
        onChange={(value) => setRole(value as StaffRole)}
        options={ROLES.map((r) => ({ value: r, text: t.roles[r] }))}
      />
      <ErrorNote text={f.state === 'failed' ? t.failed : undefined} />
      <SendButton sending={f.state === 'sending'} label={t.inviteSend} sendingLabel={t.inviting} />
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
