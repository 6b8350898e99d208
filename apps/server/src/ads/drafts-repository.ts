import { draftSelectionKey } from '@app/contract/publish';
import type { Queryable } from '../platform/db/db.ts';

export type FieldValues = Record<string, string | string[]>;
export type Selectors = Record<string, string>;

export interface Draft {
  selectors: Selectors;
  values: FieldValues;
  lastValidStep: number;
  updatedAt: string;
}

/** The draft key of a wizard: the one normalised selection key the browser uses too. */
export const draftKey = (selectors: Selectors): string => draftSelectionKey(selectors);

export async function findDraft(db: Queryable, customerId: number, key: string): Promise<Draft | null> {
  const [row] = await db.query<{
    selectors: Selectors;
    field_values: FieldValues;
    last_valid_step: number;
    updated_at: Date;
  }>(
    'SELECT selectors, field_values, last_valid_step, updated_at FROM wizard_drafts WHERE customer_id = $1 AND draft_key = $2',
    [customerId, key],
  );
  return row
    ? {
        selectors: row.selectors,
        values: row.field_values,
        lastValidStep: row.last_valid_step,
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;
}

export async function saveDraft(
  db: Queryable,
  customerId: number,
  key: string,
  draft: { selectors: Selectors; values: FieldValues; lastValidStep: number },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO wizard_drafts (customer_id, draft_key, selectors, field_values, last_valid_step, updated_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6)
     ON CONFLICT (customer_id, draft_key) DO UPDATE SET
       selectors = EXCLUDED.selectors, field_values = EXCLUDED.field_values,
       last_valid_step = EXCLUDED.last_valid_step, updated_at = EXCLUDED.updated_at`,
    [customerId, key, JSON.stringify(draft.selectors), JSON.stringify(draft.values), draft.lastValidStep, now],
  );
}

export async function deleteDraft(db: Queryable, customerId: number, key: string): Promise<void> {
  await db.query('DELETE FROM wizard_drafts WHERE customer_id = $1 AND draft_key = $2', [customerId, key]);
}
