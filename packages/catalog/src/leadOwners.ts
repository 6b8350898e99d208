/**
 * Who receives each kind of lead the publishing flow collects (data/lead-owners.json, its schema
 * data/schemas/lead-owners.schema.json): a team (its address is configuration, the env variable it names), a partner
 * of the product (its address is here), the campaign's partner (the partner of the campaign's id), or the broker
 * offices the advertiser chose (their accounts' addresses).
 */
import type { LeadKind } from '@app/contract/leads';
import data from '../data/lead-owners.json' with { type: 'json' };

export type LeadTeam = 'sales' | 'catalogue';

export type LeadOwnerRule =
  | { type: 'brokers' }
  | { type: 'campaign' }
  | { type: 'team'; team: LeadTeam }
  | { type: 'partner'; partner: string };

export interface LeadKindRow {
  kind: LeadKind;
  /** The kind's name in Hebrew, as the console and the mail's subject show it. */
  title: string;
  owner: LeadOwnerRule;
}

export interface LeadPartner {
  id: string;
  name: string;
  email: string;
}

export interface LeadTeamRow {
  id: LeadTeam;
  name: string;
  /** The env variable of the team's address. */
  env: string;
}

export const LEAD_KIND_ROWS = data.kinds as readonly LeadKindRow[];
export const LEAD_PARTNERS = data.partners as readonly LeadPartner[];
export const LEAD_TEAMS = data.teams as readonly LeadTeamRow[];

/** The row of a kind (every kind has one: the schema lists all six). */
export function leadKindRow(kind: LeadKind): LeadKindRow {
  const row = LEAD_KIND_ROWS.find((r) => r.kind === kind);
  if (!row) throw new Error(`lead kind ${kind} has no owner`);
  return row;
}

export const leadPartner = (id: string): LeadPartner | undefined => LEAD_PARTNERS.find((p) => p.id === id);
export const leadTeam = (id: LeadTeam): LeadTeamRow | undefined => LEAD_TEAMS.find((t) => t.id === id);
