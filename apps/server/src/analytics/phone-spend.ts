/**
 * The analysts' view of the phone guards (phones/limits.ts): an Israeli day's SMS and verification calls per hour and
 * per prefix, the daily budget's counter now, each prefix's hour, and the pumping alarm (a guard at 80% of its limit
 * warns; at its limit sending there has stopped).
 */
import type { PhoneSpendAlarm, PhoneSpendPrefix, PhoneSpendResponse } from '@app/contract/analytics';
import { phonePrefix } from '@app/contract/phones';
import type { Queryable } from '../platform/db/db.ts';
import { israelDayRange, israelHourOf } from '../platform/israel-day.ts';
import { phoneGuardCounters, sendsBetween } from './console-repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** From this share of a guard's limit the alarm warns. */
export const ALARM_SHARE = 0.8;

const levelOf = (count: number, limit: number): PhoneSpendAlarm['level'] | null =>
  count >= limit ? 'critical' : count >= Math.ceil(limit * ALARM_SHARE) ? 'warning' : null;

export async function phoneSpend(
  db: Queryable,
  a: { day: string; now: Date; dailyBudget: number; prefixHourly: number },
): Promise<PhoneSpendResponse | null> {
  const range = israelDayRange(a.day);
  if (!range) return null;
  const [rows, counters] = await Promise.all([sendsBetween(db, range.start, range.end), phoneGuardCounters(db)]);

  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, sms: 0, calls: 0 }));
  const prefixes = new Map<string, PhoneSpendPrefix>();
  const totals = { sms: 0, calls: 0, failed: 0 };
  for (const row of rows) {
    totals.failed += row.failed;
    if (row.sent === 0) continue;
    const field = row.channel === 'sms' ? 'sms' : 'calls';
    totals[field] += row.sent;
    // A 25-hour day (summer time ends) has two hours called 01: both count there.
    const hour = byHour[israelHourOf(row.hour)];
    if (hour) hour[field] += row.sent;
    const prefix = phonePrefix(row.start) ?? row.start;
    const entry = prefixes.get(prefix) ?? { prefix, sms: 0, calls: 0, currentHour: 0 };
    entry[field] += row.sent;
    prefixes.set(prefix, entry);
  }

  // The guards' counters as the limiter keeps them: a window that has passed counts nothing now.
  const alarms: PhoneSpendAlarm[] = [];
  let budget: PhoneSpendResponse['budget'] = { used: 0, limit: a.dailyBudget, resetsAt: null };
  for (const counter of counters) {
    const window = counter.key === 'sms:global' ? DAY_MS : HOUR_MS;
    const endsAt = counter.windowStart.getTime() + window;
    if (endsAt <= a.now.getTime()) continue;
    if (counter.key === 'sms:global') {
      budget = { used: counter.count, limit: a.dailyBudget, resetsAt: new Date(endsAt).toISOString() };
      continue;
    }
    const prefix = counter.key.slice('sms:prefix:'.length);
    const entry = prefixes.get(prefix) ?? { prefix, sms: 0, calls: 0, currentHour: 0 };
    entry.currentHour = counter.count;
    prefixes.set(prefix, entry);
    const level = levelOf(counter.count, a.prefixHourly);
    if (level) alarms.push({ kind: 'prefix', level, prefix, count: counter.count, limit: a.prefixHourly });
  }
  const budgetLevel = levelOf(budget.used, budget.limit);
  if (budgetLevel) alarms.unshift({ kind: 'budget', level: budgetLevel, count: budget.used, limit: budget.limit });
  alarms.sort((x, y) => (x.level === y.level ? 0 : x.level === 'critical' ? -1 : 1));

  // A prefix whose sends all failed (their counts given back) spent nothing.
  const byPrefix = [...prefixes.values()]
    .filter((p) => p.sms + p.calls + p.currentHour > 0)
    .sort(
      (x, y) =>
        y.sms + y.calls - (x.sms + x.calls) || y.currentHour - x.currentHour || x.prefix.localeCompare(y.prefix),
    );
  return { day: a.day, budget, prefixHourlyLimit: a.prefixHourly, totals, byHour, byPrefix, alarms };
}
