import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type RequestHandler } from 'express';

/** Vite names every file under assets/ by its content: a new build gives a new name. */
const HASHED = `${path.sep}assets${path.sep}`;

function cacheHeaders(res: ServerResponse, file: string): void {
  if (file.includes(HASHED)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else if (/\.(html|js|webmanifest)$/.test(file)) {
    // index.html, the service worker and its registration name the current build: always revalidate.
    res.setHeader('Cache-Control', 'no-cache');
  } else {
    res.setHeader('Cache-Control', 'public, max-age=3600');
  }
}

/**
 * The built client: compressed (brotli or gzip, as the browser accepts; of the API's answers, the
 * session's trusted queries compress their large ones themselves, graphql/compressed-answer.ts),
 * content-named assets cached for a year, and the page, the
 * service worker and the manifest revalidated on every visit so a deploy reaches everyone.
 */
export function clientFiles(dir: string): RequestHandler[] {
  return [compression(), express.static(dir, { index: 'index.html', setHeaders: cacheHeaders })];
}

/**
 * The CSP sources for the inline scripts of the built index.html: the prerendered page's route
 * chooser and the stylesheet switch (client/build/prerender.ts). Allowed by their hashes, so that
 * no other inline script (an injected one) can run.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources: string[] = [];
  for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    sources.push(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return sources;
}

/** The hashes for the built client's index.html, none before the client is built. */
export function clientPageScriptHashes(dir: string): string[] {
  const page = path.join(dir, 'index.html');
  return existsSync(page) ? inlineScriptHashes(readFileSync(page, 'utf8')) : [];
}
