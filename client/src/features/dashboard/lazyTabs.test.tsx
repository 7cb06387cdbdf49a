import { MemoryRouter } from 'react-router-dom';
import { screen, waitFor } from '@testing-library/react';
import { WriteAccessContext } from '../../kit/access';
import { buildIncomeSource, buildWallet, renderWithApollo } from '../../kit/testing';
import { LAZY_TABS, preloadManageTabs } from './lazyTabs';

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
  it('a tab opened before its code is here shows its loading line until it is', async () => {
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

  it('once fetched ahead, a manage tab opened then is drawn without its loading line', async () => {
    preloadManageTabs();
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
