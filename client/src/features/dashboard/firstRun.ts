/**
 * The first run's rules (FirstRunGuide.tsx): three steps to a true net income, each done by the
 * data itself, and the guide gone for good on this browser once there is a number (Help can
 * bring it back).
 */

export type StepKey = 'money' | 'pay' | 'bills';

export interface Counts {
  wallets: number;
  incomeSources: number;
  bills: number;
}

export type StepsDone = Record<StepKey, boolean>;

export function stepsDone(counts: Counts): StepsDone {
  return { money: counts.wallets > 0, pay: counts.incomeSources > 0, bills: counts.bills > 0 };
}

/** Whether all three steps are done: the guide then goes for good. */
export function allStepsDone(done: StepsDone): boolean {
  return done.money && done.pay && done.bills;
}

/** '2 steps to go.', 'One step to go.' */
export function stepsToGo(done: StepsDone): string {
  const left = Object.values(done).filter((step) => !step).length;
  return left === 1 ? 'One step to go.' : `${left} steps to go.`;
}

/** How many of the suggestions found in the bank a step could take in one review. */
export function foundFor(step: StepKey, kinds: readonly ('BILL' | 'INCOME')[]): number {
  if (step === 'money') return 0;
  const wanted = step === 'pay' ? 'INCOME' : 'BILL';
  return kinds.filter((kind) => kind === wanted).length;
}

const FINISHED_KEY = 'truenet.firstRunFinished';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function firstRunFinished(): boolean {
  return storage()?.getItem(FINISHED_KEY) === '1';
}

export function finishFirstRun(): void {
  storage()?.setItem(FINISHED_KEY, '1');
}

/** Help's 'Show the first steps again'. */
export function reopenFirstRun(): void {
  storage()?.removeItem(FINISHED_KEY);
}
