import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

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
export function clientPageScriptHashes(indexHtmlPath: string): string[] {
  return existsSync(indexHtmlPath) ? inlineScriptHashes(readFileSync(indexHtmlPath, 'utf8')) : [];
}
