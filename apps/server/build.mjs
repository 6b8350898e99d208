#!/usr/bin/env node
/**
 * Builds the server for production: src/main.ts and the workspace packages it imports (TypeScript) bundled by
 * esbuild into dist/main.mjs, with a source map. Packages from npm stay outside the bundle and load from
 * node_modules as they are (PGlite finds its WebAssembly beside itself, sharp its native binary).
 *
 * Why a bundle: starting from TypeScript through tsx's loader took about 7 s of CPU per start on a two-core
 * machine (each of some 400 modules resolved and transformed through a loader thread), the bundle about 4 s,
 * and every test that starts the product as a process (each browser test file, the persistence and crash tests)
 * starts it again. `npm run dev` still runs the sources with tsx, reloading on change.
 *
 * Files the server reads beside its own sources (migrations, seed data, plan data, the sandbox's pages) are found
 * from `import.meta.url`: in the bundle each module keeps its source file's URL, so those paths do not change.
 *
 * Written to a temporary file and renamed: two test runs building at once never start a half-written bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
export const bundleFile = path.join(serverDir, 'dist/main.mjs');

/** Bare imports from npm stay external; the workspace's own packages (@app/…) are TypeScript and go in. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Each source keeps its own location for `import.meta.url` and `import.meta.dirname`. */
const sourceLocation = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      return {
        contents: source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [npmPackagesOutside, sourceLocation],
  });
  fs.mkdirSync(path.dirname(bundleFile), { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  // The map first: a bundle never points at a map that is not there yet.
  const isMap = (f) => f.path.endsWith('.map');
  const ordered = [...result.outputFiles.filter(isMap), ...result.outputFiles.filter((f) => !isMap(f))];
  for (const file of ordered) {
    fs.writeFileSync(file.path + suffix, file.contents);
    fs.renameSync(file.path + suffix, file.path);
  }
  return bundleFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`Server built: ${path.relative(process.cwd(), bundleFile)} (${Date.now() - started} ms)`);
}
