/** Audit entries as a table: when, who, what, on what, from which address (the admin's log, a customer's page). */
import type { AuditEntry } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator as t } from '../../shared/i18n/index.ts';

export function AuditTable({ entries, testId }: { entries: AuditEntry[]; testId: string }) {
  return (
    <div className="operator__table-wrap">
      <table className="operator__table" data-testid={testId}>
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
  );
}
