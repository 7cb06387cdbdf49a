import type { AppDeps } from '../deps';
import { purgeOldRegisterEntries } from './register-purge';

export interface Jobs {
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
/** The first purge runs shortly after start-up, then daily. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Background jobs (register purge, trial e-mails). Each job must be safe with several instances:
 * the register purge takes a PostgreSQL advisory lock, so when every instance schedules it, one
 * deletes and the others step aside.
 */
export function startJobs(deps: AppDeps): Jobs {
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = purgeOldRegisterEntries(deps.dataSource, deps.clock)
      .then((result) => {
        if (result.deleted > 0) deps.logger.info({ deleted: result.deleted }, 'register purge');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'register purge failed'));
  };
  const first = setTimeout(purge, FIRST_RUN_DELAY_MS);
  const daily = setInterval(purge, DAY_MS);
  first.unref();
  daily.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
