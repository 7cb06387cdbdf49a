import type { AppDeps } from '../deps';

export interface Jobs {
  stop(): Promise<void>;
}

/** Background jobs (register purge, trial e-mails). Each job must be safe with several instances. */
export function startJobs(_deps: AppDeps): Jobs {
  return { async stop() {} };
}
