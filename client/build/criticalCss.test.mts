import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Beasties from 'beasties';
import { inlineCriticalCss } from './criticalCss.ts';

const STYLESHEET = `
@media (max-width: 575.98px) { .tn-tabs { flex-wrap: nowrap } .tn-tabs .nav-link { white-space: nowrap } }
.landing .lead { font-size: 1.25rem }
.unused .nowhere { color: red }
`;

const PAGE =
  '<html><head><link rel="stylesheet" href="/app.css"></head><body>' +
  '<div id="root"><div class="landing"><p class="lead">Know your true net income</p></div></div>' +
  '<template id="frame"><ul class="tn-tabs"><li><button class="nav-link">Manage Income</button></li></ul></template>' +
  '</body></html>';

describe('inlineCriticalCss', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'truenet-css-'));
    await writeFile(path.join(dir, 'app.css'), STYLESHEET);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const beasties = () => new Beasties({ path: dir, publicPath: '/', logLevel: 'silent' });

  it("inlines the rules a template's markup uses, combinators included", async () => {
    const html = await inlineCriticalCss(beasties(), PAGE);
    const inlined = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
    assert.ok(inlined.includes('.tn-tabs .nav-link'), inlined);
    assert.ok(inlined.includes('.landing .lead'), inlined);
    assert.ok(!inlined.includes('.nowhere'), inlined);
  });

  it('gives the templates back as templates, with their markup as it was', async () => {
    const html = await inlineCriticalCss(beasties(), PAGE);
    assert.ok(
      html.includes(
        '<template id="frame"><ul class="tn-tabs"><li><button class="nav-link">Manage Income</button></li></ul></template>',
      ),
      html,
    );
    assert.ok(!html.includes('tn-beasties-template'), html);
  });

  it('is what Beasties alone misses inside a template', async () => {
    const html = await beasties().process(PAGE);
    assert.ok(!(/<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '').includes('.tn-tabs .nav-link'));
  });
});
