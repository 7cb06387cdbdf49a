import type { Plugin } from 'vite';
import { entryCode, withStaticImports, type Bundle } from './routeCode.ts';

/**
 * The chunks of a dynamic import in `host` worth a preload link: `deps` less those already loaded
 * wherever that import runs (the entry's code, `entry`, and the host's own with what it imports).
 */
export function notYetLoaded(
  bundle: Bundle,
  host: string,
  deps: readonly string[],
  entry: ReadonlySet<string> = entryCode(bundle),
): string[] {
  const hosts = withStaticImports(bundle, [host]);
  return deps.filter((dep) => !entry.has(dep) && !hosts.has(dep));
}

/**
 * Vite's preload helper adds a link for each chunk a dynamic import needs, in the task that asks for
 * it, unless a link for it is already in the page: the entry's chunks and the host's own imports,
 * loaded by script and import rather than by link, got a link again every time. On a cheap phone
 * the idle preload of the chart and the manage tabs was one 70-120 ms task, half of it appending
 * those links. The stylesheets it still adds, as before (Vite keeps them out of this list).
 *
 * Returns the plugin, which keeps the bundle Vite's helper is written for, and the function for
 * `build.modulePreload.resolveDependencies`, which reads it.
 */
export function preloadDependencies(): {
  plugin: Plugin;
  resolveDependencies: (target: string, deps: string[], context: { hostId: string }) => string[];
} {
  let bundle: Bundle = {};
  let entry: ReadonlySet<string> = new Set();
  return {
    plugin: {
      name: 'truenet-preload-dependencies',
      apply: 'build',
      // Ahead of Vite's own generateBundle, which asks resolveDependencies.
      generateBundle: {
        order: 'pre',
        handler(_options, written) {
          bundle = written as unknown as Bundle;
          entry = entryCode(bundle);
        },
      },
    },
    resolveDependencies: (_target, deps, { hostId }) => notYetLoaded(bundle, hostId, deps, entry),
  };
}
