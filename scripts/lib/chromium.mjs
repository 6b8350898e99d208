// Which Chromium the browser tests and the benchmarks drive. Debian's `chromium-headless-shell` first: it is the
// old headless shell Playwright itself uses for headless runs, with no browser UI. Debian's full `chromium` 156
// runs headless as a whole browser (a window, tabs, its WebUI omnibox renderers beside every page): a new page took
// about three times as long there (450 ms against 150 ms on a 2-core machine), and the browser
// suite ran past CI's 30 minutes. The full browser is still used where the shell is not installed.
import fs from 'node:fs';

export const chromiumCandidates = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** CHROMIUM_PATH when set, else the first installed candidate; undefined when there is none. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return chromiumCandidates.find((p) => fs.existsSync(p));
}
