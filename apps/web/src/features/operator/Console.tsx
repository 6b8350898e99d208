/**
 * The console once signed in: who is signed in and in what role, sign out; moderation, support, and the admin's
 * staff, rules and audit log.
 */
import { useEffect, useState } from 'react';
import { type AuditEntry, fetchAudit, type StaffMember, staffLogout } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { Finance } from './Finance.tsx';
import { Inbox } from './Inbox.tsx';
import { Moderation } from './Moderation.tsx';
import { ModerationRules } from './ModerationRules.tsx';
import { StaffAdmin } from './StaffAdmin.tsx';
import { SupportSearch } from './SupportSearch.tsx';

const t = heOperator;

export function Console(props: { staff: StaffMember; onLoggedOut: () => void }) {
  const { staff } = props;
  return (
    <>
      <header className="operator__bar">
        <p className="operator__who">
          <span className="operator__name">{t.hello(staff.name)}</span>
          <span>
            {t.roleLabel}: {t.roles[staff.role]}
          </span>
        </p>
        <button type="button" className="btn btn--secondary" onClick={() => void staffLogout().then(props.onLoggedOut)}>
          {t.logout}
        </button>
      </header>
      <h1 className="operator__title">{t.title}</h1>
      <nav className="operator__nav" aria-label={t.navLabel}>
        <ul>
          {sectionsOf(staff.role).map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {(staff.role === 'moderator' || staff.role === 'admin') && <Moderation />}
      {(staff.role === 'support' || staff.role === 'admin') && <SupportSearch />}
      {(staff.role === 'support' || staff.role === 'admin') && <Inbox />}
      {(staff.role === 'finance' || staff.role === 'admin') && <Finance />}
      {staff.role === 'admin' && <ModerationRules />}
      {staff.role === 'admin' && <StaffAdmin />}
      {staff.role === 'admin' && <AuditLog />}
    </>
  );
}

/** The console's screens a role has, as [heading id, name] (an admin has them all). */
function sectionsOf(role: StaffMember['role']): [string, string][] {
  const all = role === 'admin';
  return [
    ...(all || role === 'moderator' ? [['moderation-title', t.moderation.title] as [string, string]] : []),
    ...(all || role === 'support'
      ? ([
          ['support-title', t.supportTitle],
          ['inbox-title', t.inbox.title],
        ] as [string, string][])
      : []),
    ...(all || role === 'finance' ? [['finance-title', t.finance.title] as [string, string]] : []),
    ...(all
      ? ([
          ['rules-title', t.moderation.rulesTitle],
          ['staff-title', t.staffTitle],
          ['audit-title', t.auditTitle],
        ] as [string, string][])
      : []),
  ];
}

function AuditLog() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    void fetchAudit().then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.entries) setEntries(res.data.entries);
      else setFailed(true);
    });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <section className="operator__section" aria-labelledby="audit-title">
      <h2 id="audit-title">{t.auditTitle}</h2>
      {failed && <p role="alert">{t.failed}</p>}
      {entries?.length === 0 && <p>{t.auditEmpty}</p>}
      {entries && entries.length > 0 && (
        <div className="operator__table-wrap">
          <table className="operator__table" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">{t.auditWhen}</th>
                <th scope="col">{t.auditWho}</th>
                <th scope="col">{t.auditWhat}</th>
                <th scope="col">{t.auditOn}</th>
                <th scope="col">{t.auditFrom}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.at)}</td>
                  <td>
                    <bdi>{e.staffEmail ?? '—'}</bdi>
                  </td>
                  <td>{t.actions[e.action] ?? e.action}</td>
                  <td>{e.targetId ? `${t.targets[e.targetType ?? ''] ?? ''} ${e.targetId}`.trim() : '—'}</td>
                  <td>
                    <bdi dir="ltr">{e.ip ?? '—'}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
