import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/** schema.graphql at the repository root is the single source of truth. */
export const typeDefs = readFileSync(path.join(REPO_ROOT, 'schema.graphql'), 'utf8');
