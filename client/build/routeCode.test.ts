import { routeCode, type BundleChunk } from './routeCode';

function chunk(fileName: string, imports: string[], extra: Partial<BundleChunk> = {}): BundleChunk {
  return { fileName, imports, isEntry: false, facadeModuleId: null, ...extra };
}

/** An entry that imports the framework, and a dashboard whose chunks share one with a login page. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/framework.js'], { isEntry: true }),
  'assets/framework.js': chunk('assets/framework.js', []),
  'assets/ApolloRoot.js': chunk('assets/ApolloRoot.js', ['assets/apollo.js', 'assets/framework.js'], {
    facadeModuleId: '/app/client/src/app/apollo/ApolloRoot.tsx',
  }),
  'assets/apollo.js': chunk('assets/apollo.js', ['assets/framework.js']),
  'assets/UserHomePage.js': chunk('assets/UserHomePage.js', ['assets/Field.js', 'assets/apollo.js'], {
    facadeModuleId: '/app/client/src/features/dashboard/UserHomePage.tsx',
    viteMetadata: { importedCss: new Set(['assets/UserHomePage.css']) },
  }),
  'assets/Field.js': chunk('assets/Field.js', [], {
    viteMetadata: { importedCss: new Set(['assets/Field.css']) },
  }),
  'assets/LoginPage.js': chunk('assets/LoginPage.js', ['assets/Field.js'], {
    facadeModuleId: '/app/client/src/features/auth/LoginPage.tsx',
  }),
  'assets/index.css': { type: 'asset' as const },
};

describe('routeCode', () => {
  it("gives the modules' chunks and what they import, once each, without what the entry loads", () => {
    expect(
      routeCode(bundle, ['src/app/apollo/ApolloRoot.tsx', 'src/features/dashboard/UserHomePage.tsx']),
    ).toEqual({
      scripts: ['/assets/ApolloRoot.js', '/assets/apollo.js', '/assets/UserHomePage.js', '/assets/Field.js'],
      styles: ['/assets/UserHomePage.css', '/assets/Field.css'],
    });
  });

  it('refuses a module no chunk starts with, rather than preloading nothing', () => {
    expect(() => routeCode(bundle, ['src/features/dashboard/Gone.tsx'])).toThrow(
      'no chunk starts with src/features/dashboard/Gone.tsx',
    );
  });
});
