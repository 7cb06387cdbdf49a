import { act, render, screen } from '@testing-library/react';
import { NearViewport } from './NearViewport';

/**
 * jsdom has no IntersectionObserver; this one lets a test say when the observed place comes near
 * the screen, as the browser's would.
 */
class ScrollObserver {
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
}

function Page() {
  return (
    <NearViewport placeholderClassName="tn-test-placeholder">
      <label>
        When <input type="date" />
      </label>
    </NearViewport>
  );
}

describe('NearViewport', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    ScrollObserver.all = [];
  });

  it('draws the part at once where the browser cannot tell where it is', () => {
    render(<Page />);
    expect(screen.getByLabelText('When')).toBeInTheDocument();
  });

  it('holds the place until the person scrolls within half a screen of it, then keeps the part', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = ScrollObserver;
    const { container } = render(<Page />);

    expect(screen.queryByLabelText('When')).toBeNull();
    const place = container.querySelector('.tn-test-placeholder');
    expect(place).toHaveAttribute('aria-hidden', 'true');
    const [observer] = ScrollObserver.all;
    expect(observer?.observed).toEqual([place]);
    expect(observer?.options.rootMargin).toBe('50% 0px');

    observer?.scroll(false);
    expect(screen.queryByLabelText('When')).toBeNull();

    observer?.scroll(true);
    expect(screen.getByLabelText('When')).toBeInTheDocument();
    expect(container.querySelector('.tn-test-placeholder')).toBeNull();
    expect(observer?.disconnected).toBe(true);
    expect(ScrollObserver.all).toHaveLength(1);
  });
});
