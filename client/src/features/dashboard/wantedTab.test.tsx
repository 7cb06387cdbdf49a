import { renderToStaticMarkup } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardSkeleton } from './DashboardSkeleton';
import { answerFrameTabs, forgetWantedTab, WANTED_TAB_KEY, wantedTab } from './wantedTab';

afterEach(() => {
  forgetWantedTab();
  document.body.replaceChildren();
});

/** #root as index.html's boot script leaves it: the frame's markup, with its tabs answering. */
function paintFrame(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = `<div class="tn-shell">${renderToStaticMarkup(<DashboardSkeleton today="2026-11-28" />)}</div>`;
  document.body.append(root);
  // As the boot script runs it: its source text, with nothing from this module around it.
  new Function('root', 'key', `(${answerFrameTabs.toString()})(root, key)`)(root, WANTED_TAB_KEY);
  return root;
}

describe("the dashboard frame's tabs, before any script", () => {
  it('show the tapped tab as chosen, say its panel is loading, and keep the choice for the dashboard', async () => {
    paintFrame();
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Expenses' }));
    expect(screen.getByRole('tab', { name: 'Manage Expenses' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Manage Expenses' });
    expect(panel).toHaveClass('active', 'show');
    expect(panel).toHaveTextContent('Loading ...');
    expect(wantedTab()).toBe('expenses');

    await userEvent.click(screen.getByRole('tab', { name: 'Analysis' }));
    expect(screen.getByRole('tabpanel', { name: 'Analysis' })).toHaveClass('active', 'show');
    expect(
      screen.getByRole('tabpanel', { name: 'Analysis' }).querySelectorAll('[role="status"]'),
    ).toHaveLength(1);
    expect(wantedTab()).toBe('analysis');
  });

  it('leave the page to React once the application has replaced the frame', async () => {
    const root = paintFrame();
    root.replaceChildren();
    render(<DashboardSkeleton />, { container: root });
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Income' }));
    // The boot script's listener is still on #root, but these are not the frame's nodes: the panel
    // says it is loading once, as React drew it, with no copy of the frame's line added to it.
    const panel = screen.getByRole('tabpanel', { name: 'Manage Income' });
    expect(panel.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(wantedTab()).toBe('income');
  });
});

describe("the application's skeleton of the dashboard", () => {
  it('shows the tab tapped on the frame as chosen', async () => {
    paintFrame();
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Wallets' }));
    document.body.replaceChildren();
    render(<DashboardSkeleton />);
    expect(screen.getByRole('tab', { name: 'Manage Wallets' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Manage Wallets' })).toHaveTextContent('Loading ...');
  });
});

describe("the application's skeleton's own tabs", () => {
  it('answer a tap before the dashboard has loaded, and keep the choice for it', async () => {
    render(<DashboardSkeleton />);
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Reports' })).toHaveTextContent('Loading ...');
    expect(wantedTab()).toBe('reports');

    await userEvent.click(screen.getByRole('tab', { name: 'Analysis' }));
    expect(screen.getByRole('tabpanel', { name: 'Analysis' })).toHaveTextContent(
      'Income and Liability Analysis',
    );
    expect(wantedTab()).toBe('analysis');
  });
});
