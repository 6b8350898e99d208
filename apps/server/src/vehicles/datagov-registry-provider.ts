/**
 * The real vehicle registry (VEHICLE_REGISTRY=datagov): the Ministry of Transport's open dataset of registered
 * vehicles on data.gov.il, read through CKAN's Action API, `GET /api/3/action/datastore_search` with
 * `resource_id` and `filters={"mispar_rechev": <plate>}`. The record is mapped onto our catalogue by
 * @app/catalog's registry map (a mapping table as data).
 *
 * Answers are cached in memory (lru-cache): a found plate for a day, an unknown one for an hour; a failure is not
 * cached. Every request has a deadline and a circuit breaker and is retried (a read), platform/outside-call.ts; a
 * registry that is slow or down is RegistryUnavailable, and the route tells the user to choose the car by hand.
 */
import { mapRegistryVehicle } from '@app/catalog/vehicles/registry-map';
import type { LicencePlateResult } from '@app/catalog/vehicles/types';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { OutsideService, OutsideServiceDown } from '../platform/outside-call.ts';
import { RegistryUnavailable, VehicleNotInCatalogue, type VehicleRegistry } from './registry-provider.ts';

export interface DataGovSettings {
  /** https://data.gov.il, or a staging copy or a test double. */
  apiBase: string;
  /** The dataset's resource id (the registered private and commercial vehicles). */
  resourceId: string;
  timeoutMs: number;
}

/** The fields of a record the mapping reads; the dataset's other fields pass unread. */
/** A text the dataset may leave empty (null): read as ''. */
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const record = z.object({
  mispar_rechev: z.coerce.number().int(),
  tozeret_cd: z.coerce.number().int(),
  tozeret_nm: text,
  degem_nm: text,
  kinuy_mishari: text,
  shnat_yitzur: z.coerce.number().int(),
  tzeva_rechev: text,
  sug_delek_nm: text,
  baalut: text,
  moed_aliya_lakvish: text,
  tokef_dt: text,
});

const answer = z.object({
  success: z.literal(true),
  result: z.object({ records: z.array(z.unknown()) }),
});

type Cached = { kind: 'found'; result: LicencePlateResult } | { kind: 'none' } | { kind: 'unmapped' };
const HOUR_MS = 3_600_000;

export class DataGovVehicleRegistry implements VehicleRegistry {
  private readonly cache = new LRUCache<string, Cached>({ max: 20_000, ttl: HOUR_MS });
  readonly service: OutsideService;

  constructor(
    private readonly settings: DataGovSettings,
    service?: OutsideService,
  ) {
    this.service =
      service ??
      new OutsideService('datagov', { timeoutMs: settings.timeoutMs, breakAfter: 5, halfOpenAfterMs: 30_000 });
  }

  async findPlate(digits: string): Promise<LicencePlateResult | null> {
    if (!/^[1-9]\d{6,7}$/.test(digits)) return null;
    const cached = this.cache.get(digits) ?? (await this.ask(digits));
    if (cached.kind === 'unmapped') throw new VehicleNotInCatalogue();
    return cached.kind === 'found' ? cached.result : null;
  }

  private async ask(digits: string): Promise<Cached> {
    const url = new URL('/api/3/action/datastore_search', this.settings.apiBase);
    url.searchParams.set('resource_id', this.settings.resourceId);
    url.searchParams.set('filters', JSON.stringify({ mispar_rechev: Number(digits) }));
    url.searchParams.set('limit', '1');
    let body: unknown;
    try {
      body = await this.service.call(
        'plate',
        async (signal) => {
          const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
          if (!res.ok) throw Object.assign(new Error(`data.gov.il answered ${res.status}`), { status: res.status });
          return res.json();
        },
        { idempotent: true },
      );
    } catch (err) {
      if (err instanceof OutsideServiceDown) throw new RegistryUnavailable(err.reason);
      throw new RegistryUnavailable('refused', { cause: err });
    }
    const parsed = answer.safeParse(body);
    if (!parsed.success) throw new RegistryUnavailable('an answer of another shape');
    const [first] = parsed.data.result.records;
    let outcome: Cached;
    if (first === undefined) outcome = { kind: 'none' };
    else {
      const vehicle = record.safeParse(first);
      if (!vehicle.success) throw new RegistryUnavailable('a record of another shape');
      const mapped = mapRegistryVehicle(vehicle.data);
      outcome = mapped ? { kind: 'found', result: mapped } : { kind: 'unmapped' };
    }
    this.cache.set(digits, outcome, { ttl: outcome.kind === 'found' ? 24 * HOUR_MS : HOUR_MS });
    return outcome;
  }
}
