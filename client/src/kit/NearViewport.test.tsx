import { fireEvent, render, screen } from '@testing-library/react';
import { ScrollObserver } from '../test/scrollObserver';
import { NearViewport } from './NearViewport';

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
    ScrollObserver.uninstall();
  });

  it('draws the part at once where the browser cannot tell where it is', () => {
    render(<Page />);
    expect(screen.getByLabelText('When')).toBeInTheDocument();
  });

  it('holds the place until the person scrolls within half a screen of it, then keeps the part', () => {
    ScrollObserver.install();
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

  it('draws the part once a key is pressed: a keyboard moves past it without scrolling', () => {
    ScrollObserver.install();
    render(<Page />);
    expect(screen.queryByLabelText('When')).toBeNull();

    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByLabelText('When')).toBeInTheDocument();
    expect(ScrollObserver.all[0]?.disconnected).toBe(true);
  });
});
