import { act } from '@testing-library/react';

/**
 * jsdom has no IntersectionObserver; this one lets a test say when the observed places come near
 * the screen, as the browser's would. `install()` puts it in place of the browser's, `uninstall()`
 * takes it away again (jsdom's own state: none).
 */
export class ScrollObserver {
  static all: ScrollObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly report: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    ScrollObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  scroll(isIntersecting: boolean) {
    act(() => this.report([{ isIntersecting }]));
  }

  /** The observers still watching, in the order they started. */
  static watching(): ScrollObserver[] {
    return ScrollObserver.all.filter((observer) => !observer.disconnected);
  }

  static install() {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = ScrollObserver;
  }

  static uninstall() {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    ScrollObserver.all = [];
  }

  /** Runs `test` with this observer in place of the browser's: nothing comes onto the screen unless told. */
  static async around(test: () => Promise<void>): Promise<void> {
    ScrollObserver.install();
    try {
      await test();
    } finally {
      ScrollObserver.uninstall();
    }
  }
}
