/**
 * A local data.gov.il for the tests: CKAN's `GET /api/3/action/datastore_search` answering from recorded answers of
 * the real API's shape (datastore-search-answers.json: the envelope, the field list, the paging links and records
 * with every field of the registered-vehicles dataset), by the plate in `filters`. It checks what CKAN checks (the
 * resource id, the filters as JSON) and answers as CKAN does when they are wrong; it can be slow or down on the test's
 * word, and counts the requests (the cache's test).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const DATAGOV_RESOURCE = '053cea08-09bc-40ec-8f7a-156f0677aff3';
const answers = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'datastore-search-answers.json'), 'utf8'),
) as Record<string, { result: { filters: unknown } }>;

export class DataGovDouble {
  mode: 'ok' | 'slow' | 'down' = 'ok';
  requests = 0;
  base = '';
  private server?: http.Server;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.requests += 1;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (this.mode === 'slow') await new Promise((r) => setTimeout(r, 3_000));
    if (this.mode === 'down') return send(502, { message: 'Bad Gateway' });
    const url = new URL(req.url ?? '/', 'http://double');
    if (url.pathname !== '/api/3/action/datastore_search' || req.method !== 'GET') {
      return send(404, { success: false, error: { message: 'Not found', __type: 'Not Found Error' } });
    }
    if (url.searchParams.get('resource_id') !== DATAGOV_RESOURCE) {
      return send(404, {
        help: 'https://data.gov.il/api/3/action/help_show?name=datastore_search',
        success: false,
        error: {
          message: `Not found: Resource "${url.searchParams.get('resource_id')}" was not found.`,
          __type: 'Not Found Error',
        },
      });
    }
    let filters: { mispar_rechev?: unknown };
    try {
      filters = JSON.parse(url.searchParams.get('filters') ?? '{}');
    } catch {
      return send(409, { success: false, error: { filters: ['Cannot parse JSON'], __type: 'Validation Error' } });
    }
    const plate = String(filters.mispar_rechev ?? '');
    const recorded = answers[plate] ?? { ...answers['12345678'], result: { ...answers['12345678']?.result, filters } };
    return send(200, recorded);
  }
}
