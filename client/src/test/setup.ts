import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for the state a test needs: on a busy machine a dashboard's first render
// can take seconds, so the bound is far past it (Testing Library's default, 1 s, is a clock).
configure({ asyncUtilTimeout: 15_000 });

// The production build's flag (src/build-flags.d.ts): tests render the public pages' components.
(globalThis as { __STATIC_PUBLIC_PAGES__?: boolean }).__STATIC_PUBLIC_PAGES__ = false;

// What one test signs in must not carry into the next (the session flag, the signed-in hint).
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
