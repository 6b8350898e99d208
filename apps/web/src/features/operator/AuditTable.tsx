/**
 * Audit entries as a table: when, who, what, on what, the details (before and after, the reason, the amount), from
 * which address (the admin's log, a customer's page).
 */
import type { AuditEntry } from '../../shared/api/index.ts';
import { formatDateTime, formatPrice } from '../../shared/format/index.ts';
import { heOperator as t } from '../../shared/i18n/index.ts';
import { TableWrap } from './parts.tsx';

const RULE_NAMES: Record<string, string> = {
  traderSecondHand: t.moderation.ruleTrader,
  photoFromAnotherAccount: t.moderation.rulePhotos,
  newAccountDays: t.moderation.ruleNewAccount,
  categories: t.moderation.ruleCategories,
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const words = (v: unknown): string[] => (Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : []);
const statusText = (s: string) => t.moderation.statuses[s] ?? s;

/** What an entry's detail says, in Hebrew: only the keys the console's actions write; nothing else is shown. */
export function auditDetailText(detail: Record<string, unknown> | undefined): string {
  if (!detail) return '';
  const parts: string[] = [];
  const { before, after } = detail;
  if (typeof before === 'string' && typeof after === 'string')
    parts.push(t.detail.status(statusText(before), statusText(after)));
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const was = before as Record<string, unknown>;
    const now = after as Record<string, unknown>;
    const changed = Object.keys(RULE_NAMES).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
    parts.push(t.detail.rulesChanged(changed.map((k) => RULE_NAMES[k] ?? k)));
    const added = words(now.words).filter((w) => !words(was.words).includes(w));
    const removed = words(was.words).filter((w) => !words(now.words).includes(w));
    if (added.length) parts.push(t.detail.wordsAdded(added));
    if (removed.length) parts.push(t.detail.wordsRemoved(removed));
  }
  if (text(detail.reason)) parts.push(t.detail.reason(text(detail.reason) ?? ''));
  if (text(detail.text)) parts.push(t.detail.rejectText(text(detail.text) ?? ''));
  if (typeof detail.amountAgorot === 'number') parts.push(t.detail.amount(formatPrice(detail.amountAgorot)));
  if (typeof detail.cleared === 'number') parts.push(t.detail.cleared(detail.cleared));
  if (text(detail.phoneEnd)) parts.push(t.detail.phoneEnd(text(detail.phoneEnd) ?? ''));
  if (typeof detail.wrongCodes === 'number') parts.push(t.detail.wrongCodes(detail.wrongCodes));
  if (text(detail.until) && formatDateTime(text(detail.until) ?? '')) {
    parts.push(t.detail.lockedUntil(formatDateTime(text(detail.until) ?? '')));
  }
  if (text(detail.email) && text(detail.role)) {
    parts.push(t.detail.invited(text(detail.email) ?? '', t.roles[text(detail.role) as keyof typeof t.roles] ?? ''));
  }
  return parts.join(' · ');
}

export function AuditTable({ entries, testId, label }: { entries: AuditEntry[]; testId: string; label: string }) {
  return (
    <TableWrap label={label}>
      <table className="operator__table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t.auditWhen}</th>
            <th scope="col">{t.auditWho}</th>
            <th scope="col">{t.auditWhat}</th>
            <th scope="col">{t.auditOn}</th>
            <th scope="col">{t.auditDetail}</th>
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
              <td className="operator__detail">{auditDetailText(e.detail) || '—'}</td>
              <td>
                <bdi dir="ltr">{e.ip ?? '—'}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
