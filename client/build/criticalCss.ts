import type Beasties from 'beasties';

/** What the templates are named while Beasties reads the page (inlineCriticalCss). */
const MATCHABLE_TEMPLATE = 'tn-beasties-template';

/**
 * Beasties's inlined CSS for the page, counting what is inside its templates. Beasties matches a
 * selector with a combinator (`.tn-tabs .nav-link`) nowhere inside a <template>, so the FAQ's and
 * the dashboard frame's markup lost those rules, and the frame's tabs wrapped onto two rows until
 * the application's stylesheet came (a layout shift on every signed-in load). Read as elements of
 * another name, the templates' markup is matched like the page's, and they are templates again
 * after: Beasties adds to the head and the body's end, never inside a template.
 */
export async function inlineCriticalCss(beasties: Pick<Beasties, 'process'>, html: string): Promise<string> {
  const open = '<template ';
  const close = '</template>';
  const templates = html.split(open).length - 1;
  if (html.includes(MATCHABLE_TEMPLATE) || html.split(close).length - 1 !== templates) {
    throw new Error('prerender: the templates of index.html cannot be renamed for Beasties');
  }
  const processed = await beasties.process(
    html.replaceAll(open, `<${MATCHABLE_TEMPLATE} `).replaceAll(close, `</${MATCHABLE_TEMPLATE}>`),
  );
  const restored = processed
    .replaceAll(`<${MATCHABLE_TEMPLATE} `, open)
    .replaceAll(`</${MATCHABLE_TEMPLATE}>`, close);
  if (restored.split(open).length - 1 !== templates) {
    throw new Error('prerender: Beasties changed the templates of index.html');
  }
  return restored;
}
