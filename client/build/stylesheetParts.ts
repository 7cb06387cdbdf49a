import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postcss from 'postcss';

/**
 * How many files the application's stylesheet is served as. A browser parses a stylesheet, and
 * builds its rules for matching, in a task of its own once the file has arrived: the whole of it
 * (Bootstrap's components and utilities, about 140 KB) was one task of 20-30 ms on the bench's
 * machine right after the signed-in dashboard's first paint, many times that on a cheap phone, and
 * nothing on the page answers a tap meanwhile. Three parts are three shorter tasks (bench/README.md,
 * "The stylesheet in parts").
 */
export const STYLESHEET_PARTS = 3;

/**
 * `css` cut between its top-level rules into `count` parts of about equal length, in its own
 * order: linked in that order, the parts cascade exactly as the whole did, whichever arrives
 * first. A rule, an at-rule block (`@media`, `@keyframes`, `@font-face`) and its comments stay in
 * one part; `@charset` and `@import` must open a stylesheet, so a stylesheet that has them is
 * returned whole.
 */
export function stylesheetParts(css: string, count: number): string[] {
  const root = postcss.parse(css);
  const mustOpen = root.nodes.some(
    (node) => node.type === 'atrule' && (node.name === 'charset' || node.name === 'import'),
  );
  if (count <= 1 || mustOpen || root.nodes.length < count) return [css];
  const texts = root.nodes.map((node) => node.toString());
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  const parts: string[][] = Array.from({ length: count }, () => []);
  let before = 0;
  for (const text of texts) {
    // Each rule goes to the part its first character falls in, by length so far.
    parts[Math.min(count - 1, Math.floor((before * count) / total))]!.push(text);
    before += text.length;
  }
  return parts.filter((part) => part.length > 0).map((part) => part.join(''));
}

/** The file name of part `index` (from 1) of the stylesheet `file`: `index-Ab1.css` → `index-Ab1-2.css`. */
export function stylesheetPartName(file: string, index: number): string {
  return file.replace(/\.css$/, `-${index}.css`);
}

/**
 * Replaces the built stylesheet `href` (under `outDir`) by its parts, and returns their hrefs in
 * order. The whole file is removed, so that neither the service worker nor anything else fetches
 * the same rules a second time.
 */
export async function writeStylesheetParts(outDir: string, href: string, count: number): Promise<string[]> {
  const file = path.join(outDir, href);
  const parts = stylesheetParts(await readFile(file, 'utf8'), count);
  if (parts.length === 1) return [href];
  const hrefs = parts.map((_, index) => stylesheetPartName(href, index + 1));
  await Promise.all(parts.map((css, index) => writeFile(path.join(outDir, hrefs[index]!), css)));
  await rm(file);
  return hrefs;
}
