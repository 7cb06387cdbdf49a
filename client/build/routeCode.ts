import type { Rollup } from 'vite';

/** The files a route's code needs beyond what the entry loads: its chunks, and their stylesheets. */
export interface RouteCode {
  scripts: string[];
  styles: string[];
}

/** What is read of a written chunk (Vite adds the stylesheets it imports). */
export type BundleChunk = Pick<Rollup.OutputChunk, 'fileName' | 'isEntry' | 'facadeModuleId' | 'imports'> & {
  viteMetadata?: { importedCss: Set<string> };
};

/** What generateBundle hands a plugin, as these helpers read it. */
export type Bundle = Record<string, BundleChunk | { type: 'asset' }>;

function chunksOf(bundle: Bundle): BundleChunk[] {
  return Object.values(bundle).filter((item): item is BundleChunk => 'imports' in item);
}

/** The chunks named (by file name) and every chunk they import statically, transitively. */
export function withStaticImports(bundle: Bundle, fileNames: readonly string[]): Set<string> {
  const byFile = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    byFile.get(fileName)?.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return files;
}

/** The entry's chunks and what they import statically: loaded before any other code runs. */
export function entryCode(bundle: Bundle): Set<string> {
  return withStaticImports(
    bundle,
    chunksOf(bundle)
      .filter((chunk) => chunk.isEntry)
      .map((chunk) => chunk.fileName),
  );
}

/**
 * The chunks of the modules named (each by its path in the client, as the app imports it
 * dynamically) and every chunk they import, less those the entry loads anyway; then the
 * stylesheets those chunks import. Paths as the browser asks for them.
 */
export function routeCode(bundle: Bundle, modules: readonly string[]): RouteCode {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = entryCode(bundle);
  const roots = modules.map((module) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`prerender: no chunk starts with ${module}`);
    return chunk;
  });
  const files = [
    ...withStaticImports(
      bundle,
      roots.map((chunk) => chunk.fileName),
    ),
  ].filter((fileName) => !entry.has(fileName));
  const styles = files.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]);
  return { scripts: files.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
}
