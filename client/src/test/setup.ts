import '@testing-library/jest-dom';

// What one test signs in must not carry into the next (the session flag, the signed-in hint).
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
