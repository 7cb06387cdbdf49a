import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { buildWallet, renderSuspendingWithApollo, renderWithApollo, type Resolvers } from '../../kit/testing';
import { BankConnectionsSection } from './BankConnectionsSection';
import { BankNotices } from './BankNotices';
import { reviewHeadline, syncSummary } from './bankView';

const connection = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  label: 'First Bank',
  status: 'OK',
  lastError: null,
  createdAt: '2026-11-20T15:00:00Z',
  lastSyncAt: null,
  accounts: [
    {
      id: 'a1',
      org: 'First Bank',
      name: 'Checking',
      currency: 'USD',
      balance: 1234.56,
      balanceDate: '2026-11-20T15:00:00Z',
      walletId: null,
      keepBalance: true,
      pending: [
        {
          index: 0,
          date: '2026-11-20',
          amount: -12,
          description: 'PARKING',
          status: 'PENDING',
          bankId: null,
          selected: false,
          similarTransactionId: null,
          billMatch: null,
          incomeMatch: null,
        },
      ],
    },
  ],
  ...overrides,
});

function renderSection(resolvers: Resolvers) {
  return renderWithApollo(<BankConnectionsSection />, {
    wallets: () => [buildWallet({ id: 'w1', walletName: 'Checking' })],
    // Fetched again after a change whether or not shown (kit/moneyViews.ts).
    liabilities: () => [],
    incomeSources: () => [],
    ...resolvers,
  });
}

describe('Bank connections', () => {
  it('connects with a setup token, says what to do next, and refuses a used one in the server’s words', async () => {
    const tokens: string[] = [];
    let connected = false;
    renderSection({
      bankConnections: () => (connected ? [connection()] : []),
      connectBank: ({ setupToken }) => {
        tokens.push(setupToken);
        if (setupToken === 'used') {
          throw new GraphQLError('This setup token was already used or is not valid.', {
            extensions: { code: 'BAD_USER_INPUT' },
          });
        }
        connected = true;
        return connection();
      },
    });
    expect(await screen.findByText('You have no bank connections.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Setup token'), 'used');
    await userEvent.click(screen.getByRole('button', { name: 'Connect bank' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This setup token was already used or is not valid.',
    );
    await userEvent.clear(screen.getByLabelText('Setup token'));
    await userEvent.type(screen.getByLabelText('Setup token'), 'aHR0cHM6Ly9icmlkZ2U=');
    await userEvent.click(screen.getByRole('button', { name: 'Connect bank' }));
    expect(
      await screen.findByText(
        'Connected to First Bank. Choose the wallet each account fills, then Sync now.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Not synced yet', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/PARKING/)).toBeInTheDocument();
    expect(tokens).toEqual(['used', 'aHR0cHM6Ly9icmlkZ2U=']);
  });

  it('links an account to a wallet and syncs now, saying what the sync did', async () => {
    const links: unknown[] = [];
    renderSection({
      bankConnections: () => [connection()],
      linkBankAccount: (args) => {
        links.push(args);
        return { ...connection().accounts[0], walletId: args.walletId };
      },
      syncBankConnection: () => ({
        imported: 3,
        duplicates: 1,
        pending: 1,
        billsSettled: 1,
        toReview: 2,
        previewIds: ['p1'],
        connection: { id: 'c1', status: 'OK', lastError: null, lastSyncAt: '2026-11-20T16:00:00Z' },
      }),
    });
    await userEvent.selectOptions(await screen.findByLabelText('Fills wallet'), 'Checking');
    await waitFor(() =>
      expect(links).toEqual([
        {
          bankAccountId: 'a1',
          walletId: 'w1',
          keepBalance: true,
          newWallet: false,
          previousWallet: null,
          timeZone: expect.any(String),
        },
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sync First Bank now' }));
    expect(
      await screen.findByText(
        'Synced: imported 3 transactions, paid 1 bill, 2 transactions wait for your review, 1 charge is pending at the bank.',
      ),
    ).toBeInTheDocument();
  });

  it('makes a new wallet for an account when the household has none to fill', async () => {
    const links: unknown[] = [];
    renderSection({
      bankConnections: () => [connection()],
      linkBankAccount: (args) => {
        links.push(args);
        return { ...connection().accounts[0], walletId: 'w9' };
      },
    });
    const select = await screen.findByLabelText('Fills wallet');
    const account = connection().accounts[0]!;
    await userEvent.selectOptions(select, `A new wallet: ${account.name}`);
    await waitFor(() =>
      expect(links).toEqual([
        {
          bankAccountId: 'a1',
          walletId: null,
          keepBalance: true,
          newWallet: true,
          previousWallet: null,
          timeZone: expect.any(String),
        },
      ]),
    );
  });

  it('asks what becomes of the wallet an account fills before moving it to a new one', async () => {
    const links: Record<string, unknown>[] = [];
    const linked = { ...connection().accounts[0]!, walletId: 'w1' };
    renderSection({
      bankConnections: () => [{ ...connection(), accounts: [linked] }],
      linkBankAccount: (args) => {
        links.push(args);
        return { ...linked, walletId: 'w9' };
      },
    });
    await userEvent.selectOptions(
      await screen.findByLabelText('Fills wallet'),
      `A new wallet: ${linked.name}`,
    );
    const dialog = await screen.findByRole('dialog');
    expect(links).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Checking' }));
    await waitFor(() =>
      expect(links).toEqual([expect.objectContaining({ newWallet: true, previousWallet: 'REMOVE' })]),
    );
  });

  it('shows a connection that needs attention with what to do', async () => {
    renderSection({
      bankConnections: () => [
        connection({ status: 'DISCONNECTED', lastError: 'The connection was revoked at SimpleFIN Bridge.' }),
      ],
    });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('The connection was revoked at SimpleFIN Bridge.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync First Bank now' })).toBeDisabled();
  });
});

describe('the dashboard’s bank notices', () => {
  it('announces rows to review and connections that need attention; nothing for a person without any', async () => {
    const { unmount } = await renderSuspendingWithApollo(
      <MemoryRouter>
        <BankNotices />
      </MemoryRouter>,
      { bankConnections: () => [], importReviews: () => [], wallets: () => [] },
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bank connections' })).toBeNull());
    unmount();
    await renderSuspendingWithApollo(
      <MemoryRouter>
        <BankNotices />
      </MemoryRouter>,
      {
        bankConnections: () => [
          connection({ status: 'NEEDS_ATTENTION', lastError: 'Re-authenticate at your bank' }),
        ],
        importReviews: () => [
          {
            id: 'p1',
            walletId: 'w1',
            fileName: 'First Bank Checking',
            format: 'SIMPLEFIN',
            encoding: 'UTF-8',
            newCount: 0,
            duplicateCount: 0,
            statementBalance: null,
            statementBalanceDate: null,
            csvHeader: null,
            csvSample: null,
            savedMapping: null,
            expiresAt: null,
            rows: [connection().accounts[0]!.pending[0], connection().accounts[0]!.pending[0]],
          },
        ],
        wallets: () => [buildWallet({ id: 'w1', walletName: 'Checking' })],
      },
    );
    expect(await screen.findByText('2 bank transactions to review')).toBeInTheDocument();
    expect(screen.getByText('Re-authenticate at your bank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bank connections in Manage Account' })).toBeInTheDocument();
  });

  it('words its counts', () => {
    expect(reviewHeadline(1)).toBe('1 bank transaction to review');
    expect(syncSummary({ imported: 1, duplicates: 0, pending: 0, billsSettled: 0, toReview: 0 })).toBe(
      'Synced: imported 1 transaction.',
    );
  });
});
