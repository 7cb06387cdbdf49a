import { notYetLoaded } from './preloadDependencies';
import type { BundleChunk } from './routeCode';

function chunk(fileName: string, imports: string[], isEntry = false): BundleChunk {
  return { fileName, imports, isEntry, facadeModuleId: null };
}

/** An entry on the framework; a dashboard on Apollo Client that imports a chart lazily. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/framework.js'], true),
  'assets/framework.js': chunk('assets/framework.js', []),
  'assets/UserHomePage.js': chunk('assets/UserHomePage.js', ['assets/apollo.js', 'assets/framework.js']),
  'assets/apollo.js': chunk('assets/apollo.js', ['assets/framework.js']),
  'assets/Chart.js': chunk('assets/Chart.js', ['assets/scale.js', 'assets/apollo.js', 'assets/index.js']),
  'assets/scale.js': chunk('assets/scale.js', []),
  'assets/index.css': { type: 'asset' as const },
};

describe('notYetLoaded', () => {
  it("keeps a dynamic import's own chunks, less the entry's and the host's", () => {
    const deps = [
      'assets/Chart.js',
      'assets/scale.js',
      'assets/apollo.js',
      'assets/index.js',
      'assets/framework.js',
    ];
    expect(notYetLoaded(bundle, 'assets/UserHomePage.js', deps)).toEqual([
      'assets/Chart.js',
      'assets/scale.js',
    ]);
  });

  it("keeps what the entry's dynamic import needs beyond the entry itself", () => {
    const deps = ['assets/UserHomePage.js', 'assets/apollo.js', 'assets/framework.js'];
    expect(notYetLoaded(bundle, 'assets/index.js', deps)).toEqual([
      'assets/UserHomePage.js',
      'assets/apollo.js',
    ]);
  });
});
