/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS jest setup file */
// React Router 7 reads TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
