/**
 * Where things are, and how the bench (ESM) loads the server's CommonJS build and core's build.
 * Everything server-side comes from `server/dist` (the production build), never from sources.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_DIST = path.join(REPO, 'server', 'dist');
export const CLIENT_DIST = path.join(REPO, 'client', 'dist');
export const RESULTS_DIR = path.join(REPO, 'bench', 'results');

/** `require` as seen from server/dist, so `pg`, `typeorm` and `@truenet/core` are the server's copies. */
export const serverRequire = createRequire(path.join(SERVER_DIST, 'main.js'));

export const fromServer = (relative) => serverRequire(path.join(SERVER_DIST, relative));
export const core = () => serverRequire('@truenet/core');
