import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 on): a script that opens with this comment has every
 * function compiled eagerly, on the thread that streams it in while it downloads, instead of each
 * function on the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** What generateBundle hands a plugin: the chunks' code, beside assets it leaves alone. */
type Bundle = Record<string, { type: 'chunk'; code: string } | { type: 'asset' }>;

/** Opens every chunk of `bundle` with the compile hint, in place. */
export function hintChunks(bundle: Bundle): void {
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && !item.code.startsWith(COMPILE_HINT))
      item.code = `${COMPILE_HINT}\n${item.code}`;
  }
}

/**
 * Every chunk opens with the compile hint. The app is split by route, so a chunk is fetched when
 * its code is about to run, and most of its functions run then: lazily, a cheap phone compiled them
 * on the main thread one call at a time, 0.84-0.98 s of Lighthouse's low-end dashboard load at
 * ×8.7, and 70 ms with the hint (bench/README.md, "Low-end phone rows"). Added after minifying
 * (which drops comments) and after hashing: the same build always writes the same file under its
 * name.
 */
export function compileHints(): Plugin {
  return {
    name: 'truenet-compile-hints',
    apply: 'build',
    enforce: 'post',
    // Last of all: Vite's own preload helper writes its list of dependencies above a chunk's code.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        hintChunks(bundle as unknown as Bundle);
      },
    },
  };
}
