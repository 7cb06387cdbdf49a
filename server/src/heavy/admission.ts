import { AppError } from '../errors';
import { HEAVY_THREADS } from './heavy-pool';

/**
 * Admission of heavy work (docs/product-rules.md §26), per instance and per household: a few tasks
 * run or wait on the heavy threads; past that the request is told to come back (503, or 429 for a
 * household that already has its share in flight) with Retry-After, in words written for people,
 * and nothing is done. So a burst of heavy requests costs the instance a short queue, never its
 * dashboards, and one household's burst never takes another's place.
 */

export interface AdmissionLimits {
  /** Heavy tasks running or waiting on this instance. */
  perInstance: number;
  /** Of them, the tasks of one household. */
  perHousehold: number;
}

export const DEFAULT_LIMITS: AdmissionLimits = {
  perInstance: HEAVY_THREADS * 4,
  perHousehold: 2,
};

export const BUSY_MESSAGE = 'TrueNet is busy with a lot of work right now. Try again in a moment.';
export const HOUSEHOLD_BUSY_MESSAGE =
  'TrueNet is still working on your last request like this one. Try again in a moment.';

/** Why a request was turned away, as /metrics counts it (overload: overload.ts, past capacity). */
export type ShedReason = 'instance' | 'household' | 'overload';

let inFlight = 0;
const byHousehold = new Map<string, number>();
let limits = DEFAULT_LIMITS;
let onShed: (reason: ShedReason) => void = () => undefined;

/** The limits and the metric of turned-away work (the app's start; tests set small limits). */
export function configureAdmission(
  next: Partial<AdmissionLimits>,
  shed?: (reason: ShedReason) => void,
): void {
  limits = { ...DEFAULT_LIMITS, ...next };
  if (shed) onShed = shed;
}

/** Heavy tasks running or waiting now: /metrics reports it. */
export function heavyInFlight(): number {
  return inFlight;
}

function refuse(reason: ShedReason): never {
  onShed(reason);
  if (reason === 'household') {
    throw new AppError(HOUSEHOLD_BUSY_MESSAGE, 'RATE_LIMITED', { retryAfterSeconds: 2, reason: 'BUSY' });
  }
  throw new AppError(BUSY_MESSAGE, 'UNAVAILABLE', { retryAfterSeconds: 2, reason: 'BUSY' });
}

/**
 * Runs `work` (a heavy request: its reads, and its computing on the heavy threads, heavy-pool.ts)
 * once admitted for the household; refused at once past the limits.
 */
export async function admitHeavy<R>(householdId: string, work: () => Promise<R>): Promise<R> {
  const mine = byHousehold.get(householdId) ?? 0;
  if (inFlight >= limits.perInstance) refuse('instance');
  if (mine >= limits.perHousehold) refuse('household');
  inFlight += 1;
  byHousehold.set(householdId, mine + 1);
  try {
    return await work();
  } finally {
    inFlight -= 1;
    const left = (byHousehold.get(householdId) ?? 1) - 1;
    if (left === 0) byHousehold.delete(householdId);
    else byHousehold.set(householdId, left);
  }
}
