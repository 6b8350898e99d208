/**
 * The mail of each lead to its owner, exactly once: the 'lead.mail' job (scheduled by record-service.ts) claims the
 * lead's mail and writes it through the product's mailer in one transaction (the mail queue's row and its delivery job
 * with SMTP, the outbox with the sandbox), so a retry, a job run twice or a second process never writes a second
 * mail. The mail queue delivers it, again while the mail server is down (mail/queued-provider.ts). Hebrew plain text;
 * the SMTP provider adds its right-to-left HTML part.
 */
import { type LeadTeam, leadKindRow, leadPartner } from '@app/catalog/leadOwners';
import { heLeads } from '../i18n/leads.ts';
import type { MailMessage, TransactionalMailer } from '../mail/mailer.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { brokerAddress, claimLeadMail, recordLeadMail, type StoredLead } from './leads-repository.ts';
import { LEAD_MAIL_JOB } from './record-service.ts';

/** The teams' addresses (configuration: LEADS_SALES_EMAIL, LEADS_CATALOGUE_EMAIL). */
export type LeadTeamAddresses = Record<LeadTeam, string>;

/** The mail a lead's owner gets: the kind, what the owner needs, nothing else. */
export function leadMail(lead: StoredLead, to: string): MailMessage {
  const kind = leadKindRow(lead.kind);
  return {
    to,
    subject: heLeads.mailSubject(kind.title, lead.adId),
    text: [
      heLeads.greeting(lead.ownerName),
      '',
      heLeads.intro[lead.kind],
      '',
      ...lead.facts.map((f) => `${f.label}: ${f.value}`),
      '',
      heLeads.closing,
    ].join('\n'),
  };
}

async function ownerAddress(tx: Queryable, lead: StoredLead, teams: LeadTeamAddresses): Promise<string | null> {
  if (lead.ownerType === 'broker') return brokerAddress(tx, Number(lead.ownerRef));
  if (lead.ownerType === 'partner') return leadPartner(lead.ownerRef)?.email ?? null;
  return lead.ownerRef in teams ? teams[lead.ownerRef as LeadTeam] : null;
}

/**
 * Registers the lead's mail job, and its wake: the commit that stored new leads runs this kind's due jobs in this
 * process at once, not at the next tick (no other kind's timing changes; the mail queue's own job keeps the tick).
 * Answers the way to stop the wake (the app's close).
 */
export function registerLeadJobs(
  jobs: JobScheduler,
  deps: {
    db: Db;
    mailer: TransactionalMailer;
    teams: LeadTeamAddresses;
    log: { warn(obj: unknown, msg?: string): void };
  },
): () => void {
  jobs.register(LEAD_MAIL_JOB, async (job, { tx, now }) => {
    const leadId = Number(job.payload.leadId);
    const lead = await claimLeadMail(tx, leadId, now);
    if (!lead) return; // mailed already
    const to = await ownerAddress(tx, lead, deps.teams);
    if (!to) {
      // The owner is gone (a broker office closed, a partner removed from the data): the lead stays for the staff.
      deps.log.warn({ leadId }, 'lead has no owner address');
      return;
    }
    const mailId = await deps.mailer.sendIn(tx, leadMail(lead, to));
    await recordLeadMail(tx, leadId, to, mailId);
  });
  return deps.db.onCommitted(LEAD_MAIL_JOB, () => jobs.wake(LEAD_MAIL_JOB));
}
