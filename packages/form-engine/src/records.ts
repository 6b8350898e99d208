/**
 * `{ ...a, ...b }` for the value records the resolver and the server copy on every check. Node 20's V8 gives an
 * object made by a spread a shape no other object shares: each key added to it afterwards (a second spread, an
 * assignment) makes a new shape, about 2 µs a key, and garbage. A save's check copied a form's values that way
 * several times. Here the keys are assigned onto a fresh literal, whose shapes are shared, with the spread's result:
 * the own enumerable keys of each source in order, a later source's value winning, and a key named __proto__
 * kept as an own key (never the prototype).
 */
export function mergeRecords<T>(
  ...sources: readonly (Readonly<Record<string, T>> | null | undefined)[]
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const source of sources) {
    if (source == null) continue;
    for (const key of Object.keys(source)) {
      const value = source[key] as T;
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
  }
  return out;
}
