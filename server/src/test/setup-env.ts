import { TEST_DB_ENV, workerDbEnv } from './test-database';

process.env.NODE_ENV = 'test';

// Each worker on its own embedded database, where global-setup.ts made one per worker.
const own = process.env[workerDbEnv(process.env.JEST_WORKER_ID ?? '1')];
if (own) process.env[TEST_DB_ENV] = own;
