import { MemoryRouter } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserHomePage } from '../features/dashboard/UserHomePage';
import {
  buildExampleAnalysis,
  buildIncomeOccurrence,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildObligation,
  buildWallet,
  renderWithApollo,
} from '../kit/testing';

jest.mock('../features/dashboard/navigation', () => ({ leaveTo: jest.fn() }));

/**
 * Text people stored (wallet, income source and creditor names, descriptions, their own name) is
 * rendered as text, never as markup: a stored `<script>` shows its characters and adds no element.
 */

const SCRIPT = '<script>alert(1)</script>';
const IMAGE = '<img src=x onerror="window.__pwned=1">';

function hostileDashboard() {
  return renderWithApollo(
    <MemoryRouter>
      <UserHomePage />
    </MemoryRouter>,
    {
      me: () => buildMe({ firstName: SCRIPT, lastName: IMAGE }),
      wallets: () => [buildWallet({ walletName: SCRIPT, walletDescription: IMAGE })],
      incomeSources: () => [
        buildIncomeSource({ sourceName: SCRIPT, sourceDescription: IMAGE, sourceUrl: 'javascript:alert(1)' }),
      ],
      liabilities: () => [buildLiability({ creditorName: IMAGE, creditorDescription: SCRIPT })],
      cashFlowAnalysis: () =>
        buildExampleAnalysis({
          lastIncomeReceived: [buildIncomeOccurrence({ sourceName: SCRIPT })],
          obligations: [buildObligation({ creditorName: IMAGE })],
          wallets: [
            { walletId: '1', walletName: SCRIPT, balance: 2500, availableBalance: 2500, defaultWallet: true },
          ],
        } as never),
    },
  );
}

function expectNoInjectedMarkup(container: HTMLElement) {
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img[src="x"]')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
}

describe('stored text is rendered escaped', () => {
  it('the dashboard shows a wallet named <script>alert(1)</script> as text on the analysis', async () => {
    const { container } = hostileDashboard();
    await screen.findByText('Net Income This Period');
    expect(screen.getAllByText(SCRIPT, { exact: false }).length).toBeGreaterThan(0);
    expectNoInjectedMarkup(container);
  });

  it('the Manage Wallets, Manage Income and Manage Expenses tables show the names as text', async () => {
    const { container } = hostileDashboard();
    await screen.findByText('Net Income This Period');
    for (const tab of ['Manage Wallets', 'Manage Income', 'Manage Expenses']) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      // Each manage tab's code is a chunk of its own: its table comes once that is here.
      await waitFor(() => {
        const panel = screen.getByRole('tabpanel', { name: tab });
        const texts = within(panel).queryAllByText((_content, element) =>
          Boolean(element?.children.length === 0 && /<script>|<img src=x/.test(element.textContent ?? '')),
        );
        expect({ tab, shown: texts.length > 0 }).toEqual({ tab, shown: true });
      });
      expectNoInjectedMarkup(container);
    }
  });
});
