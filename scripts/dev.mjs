#!/usr/bin/env node
// Development: the API with reload on port 3001 and Vite's dev server on PORT (default 3000) proxying to it.
import { spawn } from 'node:child_process';

const webPort = process.env.PORT ?? '3000';
const children = [
  // The site browsers reach is Vite's: the API's links (payment returns, e-mails) point there.
  spawn('npm', ['run', 'dev', '-w', '@app/server'], {
    stdio: 'inherit',
    env: { PUBLIC_ORIGIN: `http://localhost:${webPort}`, ...process.env, PORT: '3001' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@app/web', '--', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
