/** Field layout of a step: by column, then priority, then sub-priority, with the step's column titles. */
import type { StepDef } from './model.ts';

export interface Column<T> {
  column: number;
  title?: string;
  fields: T[];
}

/** Groups fields into columns (default column 1) in priority order; ties keep definition order. */
export function layoutColumns<T extends { def: { column?: number; priority?: number; subPriority?: number } }>(
  step: Pick<StepDef, 'columnTitles'>,
  fields: readonly T[],
): Column<T>[] {
  const columns = new Map<number, T[]>();
  for (const field of fields) {
    const column = field.def.column ?? 1;
    columns.set(column, [...(columns.get(column) ?? []), field]);
  }
  const rank = (field: T) => [field.def.priority ?? 0, field.def.subPriority ?? 0] as const;
  return [...columns.entries()]
    .sort(([a], [b]) => a - b)
    .map(([column, list]) => {
      const sorted = list
        .map((field, index) => ({ field, index }))
        .sort((x, y) => {
          const [px, sx] = rank(x.field);
          const [py, sy] = rank(y.field);
          return px - py || sx - sy || x.index - y.index;
        })
        .map(({ field }) => field);
      const title = step.columnTitles?.find((t) => t.column === column)?.title;
      return title === undefined ? { column, fields: sorted } : { column, title, fields: sorted };
    });
}
