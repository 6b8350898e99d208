/** Query strings of the publish calls: empty values dropped, lists as repeated keys (a=1&a=2). */
export type QueryValue = string | number | readonly string[] | null | undefined;

export function toQuery(params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, item);
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

/** A path with its query ('' adds nothing). */
export function withQuery(path: string, params: Readonly<Record<string, QueryValue>>): string {
  const query = toQuery(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
