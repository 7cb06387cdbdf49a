/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS jest setup file */
// React Router 7 reads TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom lays nothing out, so it has no scrollIntoView; the dashboard brings its open tab into view.
const { Element } = globalThis;
if (Element && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
