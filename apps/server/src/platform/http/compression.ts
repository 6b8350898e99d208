import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this travel as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers above the threshold (brotli or gzip, by Accept-Encoding; brotli at its fast default
 * quality). Answers that already carry a Content-Encoding — the web app's pre-compressed files and the fields
 * answer's brotli and gzip kept in memory — are sent untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
