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

/**
 * The chunks of the modules named (each by its path in the client, as the app imports it
 * dynamically) and every chunk they import, less those the entry loads anyway; then the
 * stylesheets those chunks import. Paths as the browser asks for them.
 */
export function routeCode(
  bundle: Record<string, BundleChunk | { type: 'asset' }>,
  modules: readonly string[],
): RouteCode {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => 'imports' in item);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (start: BundleChunk[]) => {
    const files = new Set<string>();
    const visit = (fileName: string) => {
      if (files.has(fileName)) return;
      files.add(fileName);
      byFile.get(fileName)?.imports.forEach(visit);
    };
    start.forEach((chunk) => visit(chunk.fileName));
    return files;
  };
  const entry = withImports(chunks.filter((chunk) => chunk.isEntry));
  const roots = modules.map((module) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`prerender: no chunk starts with ${module}`);
    return chunk;
  });
  const files = [...withImports(roots)].filter((fileName) => !entry.has(fileName));
  const styles = files.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]);
  return { scripts: files.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
}
