import { COMPILE_HINT, hintChunks } from './compileHints';

describe('hintChunks', () => {
  it('opens each chunk with the compile hint, once, and leaves assets alone', () => {
    const bundle = {
      'assets/index.js': { type: 'chunk' as const, code: 'import"./framework.js";' },
      'assets/hinted.js': { type: 'chunk' as const, code: `${COMPILE_HINT}\nexport{}` },
      'assets/index.css': { type: 'asset' as const },
    };
    hintChunks(bundle);
    expect(bundle['assets/index.js'].code).toBe(`${COMPILE_HINT}\nimport"./framework.js";`);
    expect(bundle['assets/hinted.js'].code).toBe(`${COMPILE_HINT}\nexport{}`);
    expect(bundle['assets/index.css']).toEqual({ type: 'asset' });
  });
});
