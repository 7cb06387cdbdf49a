import { useEffect, useMemo, useRef, useState } from 'react';
import { PageSpinner } from '../components/PageSpinner';
import { prerenderedTemplateId, PUBLIC_SLIDE_INTERVAL_MS } from './prerendered';
import { bindPublicWidgets } from './publicPages';

/**
 * A public page (the landing page, the FAQ) as the build rendered it into index.html, shown by the
 * running application from its route's template instead of by React components of its own: the
 * application's code carries none of the marketing pages, and a person sees the very page they
 * were first shown. Its links are plain fragment links the router follows; its carousel and
 * answers are bound as on the page without the application (app/publicPages.ts).
 */
export function PrerenderedPage({ route }: { route: string }) {
  const html = useMemo(() => pageOfTemplate(route), [route]);
  const ref = useRef<HTMLDivElement>(null);
  const [reload] = useState(() => html === null && reloadOnce());
  useEffect(() => {
    if (reload) window.location.reload();
    if (html === null) return undefined;
    return ref.current ? bindPublicWidgets(ref.current, PUBLIC_SLIDE_INTERVAL_MS) : undefined;
  }, [html, reload]);
  if (html === null) {
    // Only a page built without its templates gets here: loading it again brings them, once.
    return reload ? (
      <PageSpinner label="Loading ..." />
    ) : (
      <p>
        This page did not load. <a href="/">Open TrueNet again</a>.
      </p>
    );
  }
  // The build's own markup, from this document: nothing a person typed.
  return <div ref={ref} className="tn-prerendered" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The page itself (the layout's main content) of a route's template, or null without one. */
export function pageOfTemplate(route: string): string | null {
  const template = document.getElementById(prerenderedTemplateId(route));
  if (!(template instanceof HTMLTemplateElement)) return null;
  // The layout's <main> holds a container whose last element is the page (Layout.tsx).
  const page = template.content.querySelector('#tn-main > .container')?.lastElementChild;
  return page ? page.outerHTML : null;
}

const RELOADED_KEY = 'truenet.reloadedForTemplate';

/** True the first time in this tab (then reload); false after, so a page never reloads forever. */
function reloadOnce(): boolean {
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY)) return false;
    window.sessionStorage.setItem(RELOADED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}
