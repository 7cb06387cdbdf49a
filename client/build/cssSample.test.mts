import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withCssSample, withoutCssSample } from './cssSample.ts';

const PAGE =
  '<!doctype html><html><head><title>TrueNet</title></head><body><div id="root"></div></body></html>';

describe("the hero's CSS sample", () => {
  it('is in the page while Beasties reads it, and gone after, leaving the page as it was', () => {
    const sampled = withCssSample(PAGE, '<section class="tn-hero card">…</section>');
    assert.match(
      sampled,
      /<template id="truenet-css-sample"><section class="tn-hero card">…<\/section><\/template><\/body>/,
    );
    assert.equal(withoutCssSample(sampled), PAGE);
  });

  it('cannot be taken out of a page that lost it', () => {
    assert.throws(() => withoutCssSample(PAGE), /CSS sample/);
  });
});
