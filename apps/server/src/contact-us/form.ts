/**
 * The contact-us form as data (after-save-area.md §3, §5): `src/contact-us/data/contact-us-form.json`, checked by a
 * schema when this module loads (a broken file stops the start, never a request). contact-us/fetch sends it with
 * the subject prefilled by submailto; contact-us/save checks a sent form against the same definition.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContactUsFetchResponse,
  type ContactUsField,
  type ContactUsFieldName,
  checkContactUs,
  SUBMAILTO_SUBJECTS,
} from '@app/contract/contactUs';
import { ContactUsFetchResponseSchema } from '@app/contract/schemas/contactUs';

/** The contract's form (strict: a misspelt key in the file stops the start), and the data's own rules. */
const formSchema = ContactUsFetchResponseSchema.refine(
  (f) => new Set(f.form.fields.map((x) => x.name)).size === f.form.fields.length,
  'field names are unique',
).refine(
  (f) =>
    Object.values(SUBMAILTO_SUBJECTS).every((subject) =>
      f.form.fields.find((x) => x.name === 'subject')?.options?.some((o) => o.value === subject),
    ),
  'every submailto subject is an option of the subject field',
);

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), './data/contact-us-form.json');
const FORM: ContactUsFetchResponse = formSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));

/** The submailto flag of a query or body ('1'..'4'), else undefined. */
/** Messages from one address per hour: a person writes one or two; a script is stopped. */
export const CONTACT_US_PER_HOUR = 10;

export function readSubmailto(raw: unknown): string | undefined {
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && Object.hasOwn(SUBMAILTO_SUBJECTS, text) ? text : undefined;
}

/** The form to send: a fresh copy, with subject and submailto prefilled when the flag is one of 1..4. */
export function contactUsForm(submailto?: string): ContactUsFetchResponse {
  const form = structuredClone(FORM);
  if (submailto) {
    for (const f of form.form.fields) {
      if (f.name === 'subject') f.value = SUBMAILTO_SUBJECTS[submailto] ?? '';
      if (f.name === 'submailto') f.value = submailto;
    }
  }
  return form;
}

export type ContactUsMessage = Record<Exclude<ContactUsFieldName, 'submailto'>, string> & { submailto: number | null };

type Check =
  | { ok: true; message: ContactUsMessage; subjectText: string }
  | { ok: false; errors: Partial<Record<ContactUsFieldName, string>> };

/** A subject's Hebrew text as the form lists it (a stored message keeps the subject's value). */
export const subjectTextOf = (subject: string): string =>
  FORM.form.fields.find((f) => f.name === 'subject')?.options?.find((o) => o.value === subject)?.text ?? subject;

/** A field's message when its value is refused (the form's errorMessage), or undefined for a name not in the form. */
export const fieldErrorMessage = (name: string): string | undefined =>
  FORM.form.fields.find((f) => f.name === name)?.errorMessage;

/**
 * Checks a sent form against the definition: every field's validations, its options and its length cap. Any body
 * is read (a field that is not text is that field's error), so the refusal of a body the schema did not take still
 * names every failing field.
 */
export function readContactUs(body: unknown): Check {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const fields: readonly ContactUsField[] = FORM.form.fields;
  const sent: Record<string, unknown> = {
    ...b,
    submailto: b.submailto === undefined || b.submailto === null ? '' : String(b.submailto),
  };
  const errors = checkContactUs(fields, sent);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const text = (name: ContactUsFieldName) => String(sent[name] ?? '').trim();
  const subject = text('subject');
  return {
    ok: true,
    subjectText: subjectTextOf(subject),
    message: {
      subject,
      description: text('description'),
      email: text('email'),
      phone: text('phone'),
      submailto: text('submailto') ? Number(text('submailto')) : null,
    },
  };
}
