import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { clientFiles } from './client-files';

/** A built client's kinds of file, served over real HTTP the way app.ts serves client/dist. */
let dir: string;
let server: Server;
let url: string;
const SCRIPT = `export const words = ${JSON.stringify('true net income '.repeat(200))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'truenet-client-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>TrueNet</title>${'<p>x</p>'.repeat(300)}`,
  );
  writeFileSync(path.join(dir, 'assets', 'index-CDol_4w9.js'), SCRIPT);
  writeFileSync(path.join(dir, 'sw.js'), SCRIPT);
  writeFileSync(path.join(dir, 'icons', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = express();
  app.use(clientFiles(dir));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip', async () => {
  const br = await fetch(`${url}/assets/index-CDol_4w9.js`, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.headers.get('content-encoding')).toBe('br');
  // fetch decodes for us: the text is the file's
  expect(await br.text()).toBe(SCRIPT);
  // node:http does not decode: the bytes on the wire are brotli and far smaller than the file
  const raw = await new Promise<Buffer>((resolve, reject) => {
    get(`${url}/assets/index-CDol_4w9.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
  expect(raw.length).toBeLessThan(SCRIPT.length / 4);
  expect(brotliDecompressSync(raw).toString()).toBe(SCRIPT);

  const gzip = await fetch(`${url}/`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers.get('content-encoding')).toBe('gzip');
  expect(await gzip.text()).toContain('<title>TrueNet</title>');
});

it('caches content-named assets for a year and makes the page and the service worker revalidate', async () => {
  const cacheOf = async (file: string) => (await fetch(`${url}${file}`)).headers.get('cache-control');
  expect(await cacheOf('/assets/index-CDol_4w9.js')).toBe('public, max-age=31536000, immutable');
  expect(await cacheOf('/')).toBe('no-cache');
  expect(await cacheOf('/index.html')).toBe('no-cache');
  expect(await cacheOf('/sw.js')).toBe('no-cache');
  expect(await cacheOf('/icons/logo.svg')).toBe('public, max-age=3600');
});
