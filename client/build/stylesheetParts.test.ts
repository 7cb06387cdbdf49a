import postcss from 'postcss';
import { stylesheetPartName, stylesheetParts } from './stylesheetParts';

const RULES = [
  ':root{--bs-primary:#136b43}',
  '.btn{display:inline-block;padding:.375rem .75rem}',
  '@media (min-width:768px){.navbar-expand-md{flex-wrap:nowrap}.navbar-expand-md .navbar-nav{flex-direction:row}}',
  '.alert{position:relative;padding:1rem}',
  '@keyframes spinner-border{to{transform:rotate(360deg)}}',
  '.spinner-border{animation:.75s linear infinite spinner-border}',
  '.card{display:flex;flex-direction:column}',
  '.d-flex{display:flex!important}',
  '.mb-3{margin-bottom:1rem!important}',
];
const CSS = RULES.join('');

/** Each top-level rule's text, in order: what the cascade sees, whatever files hold it. */
const rulesOf = (css: string) => postcss.parse(css).nodes.map((node) => node.toString());

describe('stylesheetParts', () => {
  it('keeps every rule, whole and in its order, across the parts', () => {
    const parts = stylesheetParts(CSS, 3);
    expect(parts).toHaveLength(3);
    expect(parts.flatMap(rulesOf)).toEqual(rulesOf(CSS));
    // An at-rule block is never cut: each part parses to whole rules of the original.
    for (const part of parts) for (const rule of rulesOf(part)) expect(RULES).toContain(rule);
  });

  it('makes parts of about equal length', () => {
    const css = Array.from({ length: 600 }, (_, i) => `.u-${i}{margin:${i}px}`).join('');
    const lengths = stylesheetParts(css, 3).map((part) => part.length);
    const largest = Math.max(...lengths);
    const smallest = Math.min(...lengths);
    expect(largest - smallest).toBeLessThan(0.05 * css.length);
  });

  it('returns a stylesheet whole when asked for one part, or when it has too few rules', () => {
    expect(stylesheetParts(CSS, 1)).toEqual([CSS]);
    expect(stylesheetParts('.a{color:red}.b{color:blue}', 3)).toEqual(['.a{color:red}.b{color:blue}']);
  });

  it('leaves whole a stylesheet whose @charset or @import must open it', () => {
    const withImport = `@import url(a.css);${CSS}`;
    expect(stylesheetParts(withImport, 3)).toEqual([withImport]);
    const withCharset = `@charset "UTF-8";${CSS}`;
    expect(stylesheetParts(withCharset, 3)).toEqual([withCharset]);
  });

  it('names each part after the whole file', () => {
    expect(stylesheetPartName('/assets/index-DTEjsTsI.css', 2)).toBe('/assets/index-DTEjsTsI-2.css');
  });
});
