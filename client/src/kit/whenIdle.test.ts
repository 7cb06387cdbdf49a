import { inIdleTurns, whenIdle } from './whenIdle';

type IdleCallback = (deadline: IdleDeadline) => void;
const idle = window as unknown as {
  requestIdleCallback?: (callback: IdleCallback, options?: IdleRequestOptions) => number;
  cancelIdleCallback?: (handle: number) => void;
};

afterEach(() => {
  delete idle.requestIdleCallback;
  delete idle.cancelIdleCallback;
  jest.useRealTimers();
});

describe('work put off until the browser is idle', () => {
  it('waits for an idle moment, five seconds at most, and a cleanup before then cancels it', () => {
    const waiting: { callback: IdleCallback; options?: IdleRequestOptions }[] = [];
    const cancelled: number[] = [];
    idle.requestIdleCallback = (callback, options) => waiting.push({ callback, options });
    idle.cancelIdleCallback = (handle) => cancelled.push(handle);
    const run = jest.fn();

    const cancel = whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    expect(waiting[0]?.options).toEqual({ timeout: 5_000 });
    cancel();
    expect(cancelled).toEqual([1]);

    whenIdle(run);
    waiting[1]?.callback({ didTimeout: false, timeRemaining: () => 50 });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback (Safari), runs five seconds later unless cancelled', () => {
    jest.useFakeTimers();
    const run = jest.fn();
    const cancelled = jest.fn();
    whenIdle(run);
    whenIdle(cancelled)();
    jest.advanceTimersByTime(4_999);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs a list one idle moment each, in order, and a cancel stops those not yet run', () => {
    const waiting: IdleCallback[] = [];
    idle.requestIdleCallback = (callback) => waiting.push(callback);
    idle.cancelIdleCallback = (handle) => waiting.splice(handle - 1, 1, () => undefined);
    const ran: string[] = [];
    const idleNow = (index: number) => waiting[index]?.({ didTimeout: false, timeRemaining: () => 50 });

    inIdleTurns([() => ran.push('chart'), () => ran.push('tabs')]);
    expect(waiting).toHaveLength(1);
    idleNow(0);
    expect(ran).toEqual(['chart']);
    idleNow(1);
    expect(ran).toEqual(['chart', 'tabs']);

    const cancel = inIdleTurns([() => ran.push('again'), () => ran.push('never')]);
    idleNow(2);
    cancel();
    idleNow(3);
    expect(ran).toEqual(['chart', 'tabs', 'again']);
  });
});
