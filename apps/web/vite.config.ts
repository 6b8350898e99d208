import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (apps/server) listens on 3001 in development; the SPA calls it on the same origin. */
const API = process.env.API_URL ?? 'http://127.0.0.1:3001';
const proxy = {
  '/api': { target: API, changeOrigin: false },
  '/gateway': { target: API, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
