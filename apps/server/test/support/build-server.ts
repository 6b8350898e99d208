import { buildServer } from '../../build.mjs';

/**
 * Global setup of the API and browser projects: builds the server bundle the tests start as a process
 * (server-process.ts), from the sources as they are now. About a second.
 */
export default async function setup(): Promise<void> {
  await buildServer();
}
