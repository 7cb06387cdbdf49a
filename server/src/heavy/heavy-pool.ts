import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { HeavyInput, HeavyOutput, HeavyTaskName } from './heavy-tasks';

/**
 * The threads heavy work runs on (docs/product-rules.md §26): one household's suggestions over
 * 30,000 rows must not hold the thread every other household's dashboard is answered on. One
 * thread per core but the one the requests have (at least one), started on first use; tasks wait
 * in the pool's queue for a free thread (admission.ts decides how many may wait).
 */

// Built: heavy-worker.js beside this file. From the sources (the tests, `npm run dev`): the .ts,
// loaded through tsx as the thread starts, with core read from its build (the tests' global set-up
// and `npm run dev` build it).
const source = path.extname(__filename) === '.ts';
const WORKER = path.join(__dirname, `heavy-worker${source ? '.ts' : '.js'}`);

export const HEAVY_THREADS = Math.max(1, availableParallelism() - 1);

let pool: Piscina | null = null;

function threads(): Piscina {
  pool ??= new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: HEAVY_THREADS,
    idleTimeout: 60_000,
    // A worker takes no V8 flags (npm start's --max-semi-space-size would refuse every thread):
    // built, it inherits what it may; from the sources it needs tsx alone.
    execArgv: source ? ['--import', 'tsx'] : undefined,
  });
  return pool;
}

/** Runs a task of heavy-tasks.ts on a worker thread; its answer is plain data. */
export function runHeavy<T extends HeavyTaskName>(task: T, input: HeavyInput<T>): Promise<HeavyOutput<T>> {
  return threads().run({ task, input }) as Promise<HeavyOutput<T>>;
}

/** Stops the threads (the app's stop): a later task starts them again. */
export async function closeHeavyPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
