/**
 * The missing-address form's rules (spec §5): the settlement is required ('ישוב שדה חובה'), street and house
 * number are optional; each is plain text of a sensible length. A settlement given as an official locality
 * code or exact name is recognised, so the reviewer sees which locality is meant.
 */
import { normalizeName } from '@app/catalog/realEstate/addressSearch';
import { addressData } from '../catalogue/address-data.ts';
import { he } from '../i18n/messages.ts';

export const MISSING_ADDRESS_LIMITS = { settlement: 60, street: 80, houseNumber: 10 } as const;

export interface MissingAddress {
  settlement: string;
  settlementCode: number | null;
  street: string;
  houseNumber: string;
}

export type MissingAddressCheck = { ok: true; value: MissingAddress } | { ok: false; errors: Record<string, string> };

/** Text of a body value: strings and numbers, control characters removed, spaces collapsed. */
function clean(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The locality a settlement names (by official code or exact name), if any. */
export function recognizeSettlement(settlement: string): { code: number; name: string } | null {
  const data = addressData();
  if (/^\d{1,9}$/.test(settlement)) {
    const byCode = data.locality.get(Number(settlement));
    return byCode ? { code: byCode.code, name: byCode.name } : null;
  }
  const wanted = normalizeName(settlement);
  const found = data.localities.find((l) => l.keys.includes(wanted));
  return found ? { code: found.code, name: found.name } : null;
}

export function readMissingAddress(body: unknown): MissingAddressCheck {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const given = {
    settlement: clean(record.settlement),
    street: clean(record.street),
    houseNumber: clean(record.houseNumber),
  };
  const errors: Record<string, string> = {};
  if (!given.settlement) errors.settlement = he.missingAddressSettlementRequired;
  for (const key of ['settlement', 'street', 'houseNumber'] as const) {
    if (given[key].length > MISSING_ADDRESS_LIMITS[key]) errors[key] = he.tooLong;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const known = recognizeSettlement(given.settlement);
  return {
    ok: true,
    value: {
      settlement: known?.name ?? given.settlement,
      settlementCode: known?.code ?? null,
      street: given.street,
      houseNumber: given.houseNumber,
    },
  };
}
