/**
 * The console's sections and their addresses: /operator/<section>, and /operator/<section>/<id> for one case, payment
 * or customer. Which roles open each one (an admin opens them all) mirrors the server's checks (`requireStaff` in the
 * section's calls): the navigation shows a member only their own, and a section's address outside their role shows
 * no data. Pure, so the table is tested without a browser.
 */
import type { StaffRole } from '@app/contract/operator';

export const SECTIONS = [
  'moderation',
  'customers',
  'inbox',
  'leads',
  'finance',
  'analytics',
  'rules',
  'staff',
  'webhooks',
  'audit',
] as const;
export type Section = (typeof SECTIONS)[number];

/** The roles beside admin that open each section. */
const ROLES: Record<Section, readonly StaffRole[]> = {
  moderation: ['moderator'],
  customers: ['support'],
  inbox: ['support'],
  leads: ['support'],
  finance: ['finance'],
  analytics: ['analyst'],
  rules: [],
  staff: [],
  webhooks: [],
  audit: [],
};

const NUMBER = /^[1-9]\d{0,14}$/;
/**
 * The sections whose address may name one item after the section's, and what its number looks like: a case's and a
 * customer's are numbers, a payment's is its public id (`pay_` and base64url, as the server makes and checks them).
 */
const ITEM: Partial<Record<Section, RegExp>> = { moderation: NUMBER, customers: NUMBER, finance: /^[\w-]{1,64}$/ };

export const CONSOLE_PATH = '/operator';

export const mayOpen = (role: StaffRole, section: Section): boolean =>
  role === 'admin' || ROLES[section].includes(role);

/** The sections a role opens, in the navigation's order. */
export const sectionsOf = (role: StaffRole): Section[] => SECTIONS.filter((s) => mayOpen(role, s));

/** Where /operator alone takes a member: their first section. */
export const homeOf = (role: StaffRole): string => `${CONSOLE_PATH}/${sectionsOf(role)[0] ?? 'moderation'}`;

export const sectionPath = (section: Section, item?: string | number): string =>
  item === undefined ? `${CONSOLE_PATH}/${section}` : `${CONSOLE_PATH}/${section}/${encodeURIComponent(item)}`;

/** What a console address names. */
export type ConsoleAddress =
  /** /operator itself, or the setup link's page once signed in: the member's first section. */
  { kind: 'home' } | { kind: 'section'; section: Section; item: string | null } | { kind: 'unknown' };

/** Reads a path under /operator (a trailing slash is the same address). */
export function addressOf(pathname: string): ConsoleAddress {
  const rest = pathname.slice(CONSOLE_PATH.length);
  if (pathname.slice(0, CONSOLE_PATH.length) !== CONSOLE_PATH || (rest !== '' && !rest.startsWith('/')))
    return { kind: 'unknown' };
  const parts = rest.split('/').filter(Boolean);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'setup')) return { kind: 'home' };
  const section = SECTIONS.find((s) => s === parts[0]);
  if (!section || parts.length > 2) return { kind: 'unknown' };
  if (parts[1] === undefined) return { kind: 'section', section, item: null };
  const item = safeDecode(parts[1]);
  return item !== undefined && ITEM[section]?.test(item) ? { kind: 'section', section, item } : { kind: 'unknown' };
}

const safeDecode = (part: string): string | undefined => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};

/** A case's or a customer's number in an address: a positive integer, or null when it is not one. */
export const numberOf = (item: string): number | null => (NUMBER.test(item) ? Number(item) : null);
