/**
 * The public pages without React: what the landing page and the FAQ need to be used (the menu on a
 * phone, the carousel, the FAQ's answers, moving between the two) in a few lines of script, inlined
 * into index.html by client/build/prerender.ts. The application (React, the router, Apollo) is
 * loaded only when the person goes anywhere else: signing in, registering, the dashboard. So a
 * phone reading the landing page runs no framework at all, and nothing blocks its main thread.
 *
 * Written to run as the inlined text of `runPublicPages` (Function.prototype.toString): it may use
 * nothing from outside its own body but its argument.
 */
export interface PublicPagesOptions {
  /** Routes whose HTML the page carries (app/prerendered.ts PRERENDERED_ROUTES). */
  publicRoutes: readonly string[];
  /** `#/commonquestions?x` → `/commonquestions` (app/prerendered.ts routeOfHash). */
  routeOfHash: (hash: string) => string;
  /** The attribute on #root naming the route it shows, and the id of each route's template. */
  attribute: string;
  templateId: (route: string) => string;
  /** Loads and starts the application (idempotent). */
  startApp: () => void;
  /** Fetches the application's code without running it (idempotent): a click is likely. */
  warmApp: () => void;
  /** The carousel's pace, in milliseconds. */
  slideInterval: number;
  /** `bindPublicWidgets` (passed in, since this function is inlined on its own). */
  bindWidgets: typeof bindPublicWidgets;
}

/** What `runPublicPages` leaves behind: its one way to stop (used once the application owns #root). */
export interface PublicPages {
  stop: () => void;
}

/**
 * The widgets of a public page's content (the carousel, the FAQ's answers), bound without React:
 * by the inlined script on the page as loaded, and by the application when it shows a public page
 * (app/PrerenderedPage.tsx). Answers its one way to stop (the carousel's timer). Written, like
 * `runPublicPages`, to run as its own inlined text: it uses nothing from outside its body.
 */
export function bindPublicWidgets(container: HTMLElement, slideInterval: number): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function toggle(button: Element, target: Element | null, open: boolean) {
    button.setAttribute('aria-expanded', String(open));
    button.classList.toggle('collapsed', !open);
    if (target) target.classList.toggle('show', open);
  }

  /** The carousel: indicators, previous and next, and a slide every interval unless paused. */
  function bindCarousel(carousel: HTMLElement) {
    const items = Array.prototype.slice.call(carousel.querySelectorAll('.carousel-item')) as HTMLElement[];
    const indicators = Array.prototype.slice.call(
      carousel.querySelectorAll('.carousel-indicators > *'),
    ) as HTMLElement[];
    if (items.length < 2) return;
    let paused = false;
    const current = () =>
      Math.max(
        0,
        items.findIndex((item) => item.classList.contains('active')),
      );
    const show = (index: number) => {
      const next = (index + items.length) % items.length;
      items.forEach((item, i) => item.classList.toggle('active', i === next));
      indicators.forEach((indicator, i) => {
        indicator.classList.toggle('active', i === next);
        if (i === next) indicator.setAttribute('aria-current', 'true');
        else indicator.removeAttribute('aria-current');
      });
    };
    indicators.forEach((indicator, i) => indicator.addEventListener('click', () => show(i)));
    const step = (by: number) => (event: Event) => {
      event.preventDefault();
      show(current() + by);
    };
    carousel.querySelector('.carousel-control-prev')?.addEventListener('click', step(-1));
    carousel.querySelector('.carousel-control-next')?.addEventListener('click', step(1));
    carousel.addEventListener('mouseenter', () => (paused = true));
    carousel.addEventListener('mouseleave', () => (paused = false));
    carousel.addEventListener('focusin', () => (paused = true));
    carousel.addEventListener('focusout', () => (paused = false));
    if (!reducedMotion) {
      timer = setInterval(() => {
        if (!paused && !document.hidden) show(current() + 1);
      }, slideInterval);
    }
  }

  container.querySelectorAll('.accordion-button').forEach((button) => {
    const panel = button.closest('.accordion-item')?.querySelector('.accordion-collapse') ?? null;
    button.addEventListener('click', () =>
      toggle(button, panel, button.getAttribute('aria-expanded') !== 'true'),
    );
  });
  const carousel = container.querySelector<HTMLElement>('.carousel');
  if (carousel) bindCarousel(carousel);
  return () => clearInterval(timer);
}

export function runPublicPages(options: PublicPagesOptions): PublicPages {
  const root = document.getElementById('root') as HTMLElement;
  let stopped = false;
  let stopWidgets = () => {};

  const isPublic = (route: string) => options.publicRoutes.indexOf(route) >= 0;

  /** The widgets of what #root shows now. */
  function bind() {
    stopWidgets();
    // The skip link moves the focus to the content, as the application's does, without a route change.
    root.querySelectorAll('a[href="#tn-main"]').forEach((link) =>
      link.addEventListener('click', (event) => {
        const main = document.getElementById('tn-main');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }),
    );
    root.querySelectorAll('.navbar-toggler').forEach((button) => {
      const target = document.getElementById(button.getAttribute('aria-controls') ?? '');
      const open = (on: boolean) => {
        button.setAttribute('aria-expanded', String(on));
        if (target) target.classList.toggle('show', on);
      };
      // A page comes back as it was left: its menu closes, as React's does on a new route.
      open(false);
      button.addEventListener('click', () => open(button.getAttribute('aria-expanded') !== 'true'));
    });
    stopWidgets = options.bindWidgets(root, options.slideInterval);
  }

  function onHashChange() {
    // Only '#/…' names a route; '#tn-main' (the skip link) is a place on this page.
    if (stopped || !/^#\/|^$|^#$/.test(window.location.hash)) return;
    const route = options.routeOfHash(window.location.hash);
    const page = isPublic(route) ? document.getElementById(options.templateId(route)) : null;
    if (!(page instanceof HTMLTemplateElement)) {
      stop();
      options.startApp();
      return;
    }
    const shown = root.getAttribute(options.attribute);
    if (shown === route) return;
    keep(shown);
    root.innerHTML = page.innerHTML;
    root.setAttribute(options.attribute, route);
    bind();
    window.scrollTo(0, 0);
  }

  /** Keeps the page #root shows as its route's template, before it is replaced (the landing page has none). */
  function keep(route: string | null) {
    if (!route || document.getElementById(options.templateId(route))) return;
    const template = document.createElement('template');
    template.id = options.templateId(route);
    template.innerHTML = root.innerHTML;
    root.after(template);
  }

  /** A pointer or the keyboard on a link out of the public pages: fetch the application now. */
  function onIntent(event: Event) {
    const link = (event.target as Element | null)?.closest?.('a[href^="#/"], a[href^="/#/"]');
    const href = link?.getAttribute('href');
    if (href && !isPublic(options.routeOfHash(href.slice(href.indexOf('#'))))) options.warmApp();
  }

  function stop() {
    stopped = true;
    // The application shows a public page from its route's template (app/PrerenderedPage.tsx): the
    // one #root shows now is kept as its template first, since the application's render replaces it.
    keep(root.getAttribute(options.attribute));
    root.removeAttribute(options.attribute);
    stopWidgets();
    window.removeEventListener('hashchange', onHashChange);
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('touchstart', onIntent);
    document.removeEventListener('focusin', onIntent);
  }

  window.addEventListener('hashchange', onHashChange);
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  bind();
  return { stop };
}
