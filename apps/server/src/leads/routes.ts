/**
 * The console's leads (roles support and admin: the staff who see customers' details): every lead by kind and status,
 * newest first, a page at a time; one marked handled (audited in its transaction); the CSV export of the filtered
 * list, which Excel opens as Hebrew (platform/csv.ts).
 */

import { leadKindRow } from '@app/catalog/leadOwners';
import type { LeadFilter, LeadItem } from '@app/contract/leads';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  LeadFilterSchema,
  LeadHandledSchema,
  LeadParamsSchema,
  LeadsCsvQuerySchema,
  LeadsPageSchema,
} from '@app/contract/schemas/leads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heLeads } from '../i18n/leads.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import type { Clock } from '../platform/clock.ts';
import { toCsv } from '../platform/csv.ts';
import type { Db } from '../platform/db/db.ts';
import { refusal } from '../platform/http/call-contract.ts';
import { israelDayOf, israelTimeOf } from '../platform/israel-day.ts';
import { findLead, type LeadFilters, listLeads, markLeadHandled, type StoredLead } from './leads-repository.ts';

/** The staff who see customers' details (admin passes every role check). */
const LEADS_ROLES = ['support'] as const;
const PAGE = 50;
const CSV_PAGE = 500;
const refusals = { 401: RefusalSchema, 403: RefusalSchema } as const;

const wire = (l: StoredLead): LeadItem => ({
  id: l.id,
  kind: l.kind,
  kindTitle: leadKindRow(l.kind).title,
  adId: l.adId,
  ownerName: l.ownerName,
  ownerAddress: l.ownerAddress,
  facts: l.facts,
  status: l.status,
  handledBy: l.handledBy,
  handledAt: l.handledAt?.toISOString() ?? null,
  delivery: l.delivery,
  createdAt: l.createdAt.toISOString(),
});

const cursorOf = (l: StoredLead): string => `${l.createdAt.toISOString()}_${l.id}`;

function filtersOf(q: LeadFilter): LeadFilters {
  const f: LeadFilters = { kind: q.kind || undefined, status: q.status || undefined };
  if (q.after) {
    const cut = q.after.lastIndexOf('_');
    f.after = { createdAt: new Date(q.after.slice(0, cut)), id: Number(q.after.slice(cut + 1)) };
  }
  return f;
}

/** A time as the CSV shows it: Israel's date and time, to the minute. */
const israelTime = (d: Date): string => `${israelDayOf(d)} ${israelTimeOf(d)}`;

const csvRow = (l: StoredLead): string[] => [
  String(l.id),
  leadKindRow(l.kind).title,
  israelTime(l.createdAt),
  l.adId === null ? '' : String(l.adId),
  l.ownerName,
  l.ownerAddress ?? '',
  l.facts.map((f) => `${f.label}: ${f.value}`).join('\n'),
  heLeads.status[l.status],
  l.handledBy ?? '',
  l.handledAt ? israelTime(l.handledAt) : '',
  heLeads.delivery[l.delivery],
];

export function leadsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.staffOnly(LEADS_ROLES);
  const badFilter = { invalidInput: () => refusal(400, heLeads.badFilter) };

  routes.get(
    '/api/operator/leads',
    {
      schema: {
        summary: 'הפניות לפי סוג ומצב, החדשות תחילה',
        querystring: LeadFilterSchema,
        response: { 200: LeadsPageSchema, 400: RefusalSchema, ...refusals },
      },
      preValidation: staffOnly,
      config: badFilter,
    },
    async (req) => {
      const rows = await listLeads(db, filtersOf(req.query), PAGE + 1);
      const items = rows.slice(0, PAGE);
      const last = items.at(-1);
      return { status: 200 as const, items: items.map(wire), next: rows.length > PAGE && last ? cursorOf(last) : null };
    },
  );

  routes.get(
    '/api/operator/leads.csv',
    {
      schema: {
        summary: 'הפניות לפי הסינון כקובץ CSV שאקסל פותח בעברית',
        querystring: LeadsCsvQuerySchema,
        response: { 200: z.string(), 400: RefusalSchema, ...refusals },
      },
      preValidation: staffOnly,
      config: badFilter,
    },
    async (req, reply) => {
      const filters = filtersOf(req.query);
      const rows: string[][] = [[...heLeads.csvHeaders]];
      for (;;) {
        const page = await listLeads(db, filters, CSV_PAGE);
        rows.push(...page.map(csvRow));
        const last = page.at(-1);
        if (page.length < CSV_PAGE || !last) break;
        filters.after = { createdAt: last.createdAt, id: last.id };
      }
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(heLeads.csvFile)}`)
        .type('text/csv; charset=utf-8')
        .send(toCsv(rows));
    },
  );

  routes.post(
    '/api/operator/leads/:id/handled',
    {
      schema: {
        summary: 'סימון פנייה כמטופלת',
        params: LeadParamsSchema,
        response: { 200: LeadHandledSchema, 404: RefusalSchema, ...refusals },
      },
      preValidation: staffOnly,
      config: { invalidInput: () => refusal(404, heLeads.notFound) },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const id = Number(req.params.id);
      const now = clock.now();
      const found = await db.transaction(async (tx) => {
        const before = await findLead(tx, id);
        if (!before) return false;
        // Marking a handled lead again changes nothing and is not audited again.
        if (await markLeadHandled(tx, id, staff.id, now)) {
          await appendAudit(
            tx,
            {
              staffId: staff.id,
              action: 'lead.handled',
              targetType: 'lead',
              targetId: String(id),
              detail: { kind: before.kind, before: before.status, after: 'handled' },
              ip: req.ip,
            },
            now,
          );
        }
        return true;
      });
      const lead = found ? await findLead(db, id) : null;
      if (!lead) return reply.code(404).send({ status: 404, message: heLeads.notFound });
      return { status: 200 as const, lead: wire(lead) };
    },
  );
}
