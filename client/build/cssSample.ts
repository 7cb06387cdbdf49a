/** Where the sample sits while Beasties reads index.html. */
const CSS_SAMPLE = { open: '<template id="truenet-css-sample">', close: '</template>' };

/**
 * Markup only a script draws (the head script's early hero), put in a template for Beasties to
 * inline the rules it needs, as for the pages; taken out again after (withoutCssSample).
 */
export function withCssSample(html: string, sample: string): string {
  return html.replace('</body>', () => `${CSS_SAMPLE.open}${sample}${CSS_SAMPLE.close}</body>`);
}

export function withoutCssSample(html: string): string {
  const start = html.indexOf(CSS_SAMPLE.open);
  const end = html.indexOf(CSS_SAMPLE.close, start);
  if (start < 0 || end < 0) throw new Error('prerender: the CSS sample is not in index.html');
  return html.slice(0, start) + html.slice(end + CSS_SAMPLE.close.length);
}
