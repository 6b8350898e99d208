import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFiles, opensWizard } from './page-preloads.ts';
import { registerWebApp } from './static-web.ts';

/** A manifest shaped like Vite's: the entry, a shared chunk it imports, and the two lazy entries of the wizard. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react.js'], css: ['assets/index-1.css'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_wizard.js': { file: 'assets/wizard-1.js', imports: ['_react.js', '_phones.js'], css: ['assets/wizard-1.css'] },
  '_phones.js': { file: 'assets/phones-1.js' },
  'src/publish/PublishArea.tsx': { file: 'assets/PublishArea-1.js', imports: ['index.html', '_react.js'] },
  'src/wizard/PublishWizard.tsx': {
    file: 'assets/PublishWizard-1.js',
    imports: ['index.html', '_wizard.js'],
    css: ['assets/PublishWizard-1.css'],
  },
};
const INDEX = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('wizard page preloads', () => {
  it('names every chunk the wizard imports, but not what the main entry loads already', () => {
    expect(chunkFiles(MANIFEST, ['src/publish/PublishArea.tsx', 'src/wizard/PublishWizard.tsx'])).toEqual({
      js: ['assets/PublishArea-1.js', 'assets/PublishWizard-1.js', 'assets/wizard-1.js', 'assets/phones-1.js'],
      css: ['assets/PublishWizard-1.css', 'assets/wizard-1.css'],
    });
  });

  it('applies to /publish with a category only', () => {
    expect(opensWizard('/publish?cat=2&subcat=1&step=1')).toBe(true);
    expect(opensWizard('/publish?cat=1')).toBe(true);
    expect(opensWizard('/publish')).toBe(false);
    expect(opensWizard('/publish?cat=')).toBe(false);
    expect(opensWizard('/publishx?cat=1')).toBe(false);
    expect(opensWizard('/finishArea?cat=1')).toBe(false);
  });

  describe('served', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-dist-'));
    const app = Fastify();
    beforeAll(async () => {
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      fs.writeFileSync(path.join(dist, 'assets', 'index-1.js'), '');
      await registerWebApp(app, dist);
    });
    afterAll(async () => {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('a wizard page carries the modulepreloads in its head; the chooser is the plain index.html', async () => {
      const wizard = await app.inject({ url: '/publish?cat=2&subcat=1&step=1' });
      expect(wizard.statusCode).toBe(200);
      expect(wizard.headers['content-type']).toContain('text/html');
      expect(wizard.headers['cache-control']).toBe('no-cache');
      const head = wizard.body.slice(0, wizard.body.indexOf('</head>'));
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/PublishWizard-1.js">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/phones-1.js">');
      expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/wizard-1.css">');
      expect(head).not.toContain('react-1.js');
      const chooser = await app.inject({ url: '/publish' });
      expect(chooser.statusCode).toBe(200);
      expect(chooser.body).toBe(INDEX);
    });

    it('does not serve the build manifest', async () => {
      const res = await app.inject({ url: '/.vite/manifest.json' });
      expect(res.statusCode).toBe(404);
    });
  });
});
