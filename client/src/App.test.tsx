import { render, screen } from '@testing-library/react';
import { HashRouter, useLocation } from 'react-router-dom';
import { FollowHashChangedWhileHydrating } from './App';

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Moves the address bar during the router's first render, before it listens (as a click can while hydrating). */
let moved = false;
function MoveAddressWhileRendering() {
  if (!moved) {
    moved = true;
    window.history.replaceState(null, '', '#/commonquestions');
  }
  return null;
}

describe('FollowHashChangedWhileHydrating', () => {
  beforeEach(() => {
    moved = false;
    window.history.replaceState(null, '', '#/');
  });

  it('brings the router to the address bar when the hash changed before the router listened', async () => {
    render(
      <HashRouter>
        <MoveAddressWhileRendering />
        <FollowHashChangedWhileHydrating />
        <Location />
      </HashRouter>,
    );
    expect(await screen.findByText('/commonquestions')).toBeInTheDocument();
  });

  it('without it, the router would stay on the page it rendered', async () => {
    render(
      <HashRouter>
        <MoveAddressWhileRendering />
        <Location />
      </HashRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('changes nothing when the router already shows the address', async () => {
    window.history.replaceState(null, '', '#/help?tab=x');
    const { unmount } = render(
      <HashRouter>
        <FollowHashChangedWhileHydrating />
        <Location />
      </HashRouter>,
    );
    const entries = window.history.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location')).toHaveTextContent('/help');
    expect(window.location.hash).toBe('#/help?tab=x');
    expect(window.history.length).toBe(entries);
    unmount();
  });
});
