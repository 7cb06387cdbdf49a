import '@testing-library/jest-dom';

// The production build's flag (src/build-flags.d.ts): tests render the public pages' components.
(globalThis as { __STATIC_PUBLIC_PAGES__?: boolean }).__STATIC_PUBLIC_PAGES__ = false;

// What one test signs in must not carry into the next (the session flag, the signed-in hint).
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
