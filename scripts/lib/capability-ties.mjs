// Which server capabilities import each other (scripts/capability-ties.mjs prints them). A capability is a
// top-level folder of apps/server/src other than the platform and the texts; the app's own files (app.ts, start.ts…)
// are none. Type-only imports are counted apart from the imports that load code.

const SERVER_FOLDER = /^apps\/server\/src\/([^/]+)\//;
/** Folders every capability stands on: they are not capabilities. */
const NOT_CAPABILITIES = new Set(['platform', 'i18n']);

/** The capability a module belongs to, or null (the platform, the texts, the app's files, anything else). */
export function capabilityOf(path) {
  const folder = SERVER_FOLDER.exec(path)?.[1];
  return folder && !NOT_CAPABILITIES.has(folder) ? folder : null;
}

/**
 * The imports from one capability into another, from dependency-cruiser's modules (`source`, and `dependencies`
 * with `resolved` and `dependencyTypes`): `from → to` with how many load code and how many are type-only. Tests are
 * left out: they may reach anywhere.
 */
export function importsBetween(modules) {
  const counts = new Map();
  for (const module of modules) {
    const from = capabilityOf(module.source);
    if (!from || /\.test\.tsx?$/.test(module.source)) continue;
    for (const dependency of module.dependencies ?? []) {
      const to = capabilityOf(dependency.resolved);
      if (!to || to === from) continue;
      const key = `${from} → ${to}`;
      const count = counts.get(key) ?? { from, to, runtime: 0, typeOnly: 0 };
      if ((dependency.dependencyTypes ?? []).includes('type-only')) count.typeOnly += 1;
      else count.runtime += 1;
      counts.set(key, count);
    }
  }
  return [...counts.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The pairs of capabilities that import each other, each with its two directions' counts, by name. */
export function capabilityTies(modules) {
  const imports = importsBetween(modules);
  const byKey = new Map(imports.map((i) => [`${i.from} → ${i.to}`, i]));
  return imports
    .filter((i) => i.from < i.to && byKey.has(`${i.to} → ${i.from}`))
    .map((i) => ({ pair: [i.from, i.to], there: i, back: byKey.get(`${i.to} → ${i.from}`) }));
}

const described = ({ from, to, runtime, typeOnly }) =>
  `${from} → ${to}: ${runtime} import${runtime === 1 ? '' : 's'}${typeOnly ? `, ${typeOnly} type-only` : ''}`;

/** The report: each tie on a line with both directions, and the count. */
export function formatTies(ties) {
  const lines = ties.map(({ pair, there, back }) => `${pair.join(' ⇄ ')}    ${described(there)}; ${described(back)}`);
  lines.push(
    ties.length === 0
      ? 'No two server capabilities import each other.'
      : `${ties.length} pair${ties.length === 1 ? '' : 's'} of server capabilities import each other.`,
  );
  return lines.join('\n');
}

/** Every import between two capabilities, one direction a line (`--all`). */
export function formatImports(imports) {
  return imports.map(described).join('\n');
}
