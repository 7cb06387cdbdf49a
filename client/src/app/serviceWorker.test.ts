import { registerServiceWorkerWhenSettled, SERVICE_WORKER_SETTLING } from './serviceWorker';

const QUIET_MS = 3000;
const LATEST_MS = 30000;

/** A page as the boot script sees it: its load event, its service workers, its performance entries. */
function fakePage({ loaded = false, observable = ['longtask', 'resource'] } = {}) {
  const registrations: { url: string; scope?: string }[] = [];
  const callbacks = new Map<string, () => void>();
  const page = new EventTarget() as EventTarget & Record<string, unknown>;
  class FakeObserver {
    constructor(private readonly callback: () => void) {}
    observe({ type }: { type: string }) {
      if (!observable.includes(type)) throw new TypeError(`${type} is not observable here`);
      callbacks.set(type, this.callback);
    }
    disconnect() {
      for (const [type, callback] of callbacks) if (callback === this.callback) callbacks.delete(type);
    }
  }
  Object.assign(page, {
    document: { readyState: loaded ? 'complete' : 'interactive' },
    navigator: {
      serviceWorker: {
        register: (url: string, options?: { scope?: string }) => {
          registrations.push({ url, scope: options?.scope });
          return Promise.resolve({});
        },
      },
    },
    PerformanceObserver: FakeObserver,
  });
  return {
    win: page as unknown as Window & typeof globalThis,
    registrations,
    load: () => page.dispatchEvent(new Event('load')),
    /** A long task or a finished download, as the page's observers hear of it. */
    entry: (type: string) => callbacks.get(type)?.(),
    observing: () => [...callbacks.keys()],
  };
}

function settle(page: ReturnType<typeof fakePage>) {
  registerServiceWorkerWhenSettled(page.win, {
    ...SERVICE_WORKER_SETTLING,
    quietMs: QUIET_MS,
    latestMs: LATEST_MS,
  });
}

/** Not registered a millisecond before the page's quiet wait ends; registered, once, when it has. */
function expectRegisteredWhenQuietEnds(page: ReturnType<typeof fakePage>) {
  jest.advanceTimersByTime(QUIET_MS - 1);
  expect(page.registrations).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(page.registrations).toEqual([{ url: '/sw.js', scope: '/' }]);
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('nothing is registered before the load event, however long the page takes to load', () => {
  const page = fakePage();
  settle(page);
  jest.advanceTimersByTime(LATEST_MS * 2);
  expect(page.registrations).toEqual([]);
});

test('a quiet page registers the worker, at the root scope, once it has been quiet that long after load', () => {
  const page = fakePage();
  settle(page);
  page.load();
  expectRegisteredWhenQuietEnds(page);
});

test('each long task or finished download starts the quiet wait again', () => {
  const page = fakePage();
  settle(page);
  page.load();
  jest.advanceTimersByTime(QUIET_MS - 100);
  page.entry('longtask');
  jest.advanceTimersByTime(QUIET_MS - 100);
  page.entry('resource');
  expectRegisteredWhenQuietEnds(page);
});

test('a page that never settles registers it at the latest time, once, and stops listening', () => {
  const page = fakePage();
  settle(page);
  page.load();
  for (let waited = 0; waited < LATEST_MS; waited += QUIET_MS / 2) {
    page.entry('longtask');
    jest.advanceTimersByTime(QUIET_MS / 2);
  }
  expect(page.registrations).toHaveLength(1);
  expect(page.observing()).toEqual([]);
  jest.advanceTimersByTime(LATEST_MS);
  expect(page.registrations).toHaveLength(1);
});

test('where long tasks cannot be observed, downloads and the timers still settle it', () => {
  const page = fakePage({ observable: ['resource'] });
  settle(page);
  page.load();
  expect(page.observing()).toEqual(['resource']);
  jest.advanceTimersByTime(QUIET_MS - 1);
  page.entry('resource');
  expectRegisteredWhenQuietEnds(page);
});

test('a page already loaded when the script runs starts its quiet wait at once', () => {
  const page = fakePage({ loaded: true });
  settle(page);
  jest.advanceTimersByTime(QUIET_MS);
  expect(page.registrations).toHaveLength(1);
});

test('a browser without service workers is left as it is', () => {
  const page = fakePage();
  (page.win.navigator as { serviceWorker?: unknown }).serviceWorker = undefined;
  settle(page);
  page.load();
  jest.advanceTimersByTime(LATEST_MS);
  expect(page.observing()).toEqual([]);
});
