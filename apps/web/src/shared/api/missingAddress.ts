/**
 * POST /api/publish/missing-address {settlement, street, houseNumber} → {success: boolean} (publish-wizard.md
 * §7): a street the user did not find in the list, reported for review. 400 carries field errors
 * ({settlement: 'ישוב שדה חובה'}); anything else that is not a success is a failure.
 */
import { MISSING_ADDRESS } from '@app/catalog/categories/realEstateLists';
import { postJson } from './http.ts';

export interface MissingAddressReport {
  settlement: string;
  street: string;
  houseNumber: string;
}

export type MissingAddressOutcome =
  | { kind: 'sent' }
  | { kind: 'errors'; errors: Partial<Record<keyof MissingAddressReport, string>> }
  | { kind: 'failed' };

export async function reportMissingAddress(report: MissingAddressReport): Promise<MissingAddressOutcome> {
  const result = await postJson<{ success?: boolean; errors?: Record<string, unknown> }>(MISSING_ADDRESS.url, report);
  if (result.ok && result.data?.success === true) return { kind: 'sent' };
  const errors: Partial<Record<keyof MissingAddressReport, string>> = {};
  for (const key of ['settlement', 'street', 'houseNumber'] as const) {
    const message = result.data?.errors?.[key];
    if (typeof message === 'string' && message) errors[key] = message;
  }
  return result.status === 400 && Object.keys(errors).length > 0 ? { kind: 'errors', errors } : { kind: 'failed' };
}
