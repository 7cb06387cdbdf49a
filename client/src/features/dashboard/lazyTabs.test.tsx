import { MemoryRouter } from 'react-router-dom';
import { screen, waitFor } from '@testing-library/react';
import { WriteAccessContext } from '../../kit/access';
import { buildIncomeSource, buildWallet, renderWithApollo } from '../../kit/testing';
import { LAZY_TABS, preloadManageTabs } from './lazyTabs';

type IdleCallback = (deadline: IdleDeadline) => void;
const idle = window as unknown as {
  requestIdleCallback?: (callback: IdleCallback, options?: IdleRequestOptions) => number;
  cancelIdleCallback?: (handle: number) => void;
};

let waiting: { callback: IdleCallback; options?: IdleRequestOptions }[] = [];
let cancelled: number[] = [];
beforeEach(() => {
  waiting = [];
  cancelled = [];
  idle.requestIdleCallback = (callback, options) => waiting.push({ callback, options });
  idle.cancelIdleCallback = (handle) => cancelled.push(handle);
});
afterEach(() => {
  delete idle.requestIdleCallback;
  delete idle.cancelIdleCallback;
});

const deadline: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 };

function renderIncomeTab() {
  const Tab = LAZY_TABS.income.Tab;
  return renderWithApollo(
    <WriteAccessContext.Provider value>
      <Tab />
    </WriteAccessContext.Provider>,
    {
      incomeSources: () => [buildIncomeSource({ sourceDescription: 'Day job' })],
      wallets: () => [buildWallet()],
      incomeSourceSuggestions: () => [],
    },
  );
}

describe('the dashboard tabs split off its first screen', () => {
  it('asks for nothing until the browser is idle, and a cleanup before then cancels it', () => {
    const cancel = preloadManageTabs();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.options).toEqual({ timeout: 5_000 });
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('a tab opened before then shows its loading line until its code is here', async () => {
    const Tab = LAZY_TABS.wallets.Tab;
    renderWithApollo(
      <MemoryRouter>
        <WriteAccessContext.Provider value>
          <Tab />
        </WriteAccessContext.Provider>
      </MemoryRouter>,
      { wallets: () => [buildWallet({ walletName: 'Rainy day' })] },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading ...');
    expect(await screen.findByText('Rainy day')).toBeInTheDocument();
  });

  it('once idle, the manage tabs are fetched: opened then, a tab is drawn without its loading line', async () => {
    preloadManageTabs();
    waiting[0]?.callback(deadline);
    await waitFor(() => {
      const { unmount } = renderIncomeTab();
      const loading = screen.queryByText('Loading ...');
      unmount();
      expect(loading).toBeNull();
    });
    renderIncomeTab();
    expect(await screen.findByText('Day job')).toBeInTheDocument();
  });
});
