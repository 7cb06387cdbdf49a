/**
 * Set by the production build (vite.config.ts `define`): the public pages are shown from the
 * templates the build rendered into index.html (app/PrerenderedPage.tsx). False in development,
 * in the build's own prerender and in tests, which render their components.
 */
declare const __STATIC_PUBLIC_PAGES__: boolean;
