import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import {
  ApiTokensDocument,
  CalendarFeedsDocument,
  CancelSubscriptionDocument,
  CreateApiTokenDocument,
  CreatePortalSessionDocument,
  DeleteAccountDocument,
  ExportMyDataDocument,
  ManageAccountDocument,
  ReminderSettingsDocument,
  RevokeApiTokenDocument,
  UpdateAccountDocument,
  type ApiTokensQuery,
  type ManageAccountQuery,
} from '../../gql/graphql';
import { openExternal, saveFile } from '../../app/browser';
import { sessionStore } from '../../app/session/sessionStore';
import { renderScreen } from '../../app/testing/render';
import { signInForTest, simulatePageLoad } from '../../app/testing/session';
import { ManageAccountPage } from './ManageAccountPage';
import { Route } from 'react-router-dom';

jest.mock('../../app/browser', () => ({ openExternal: jest.fn(), saveFile: jest.fn() }));

type Me = ManageAccountQuery['me'];
type Subscription = NonNullable<Me['subscription']>;

function buildSubscription(
  overrides: Partial<Subscription> = {},
): Subscription & { __typename: 'Subscription' } {
  return {
    __typename: 'Subscription',
    status: 'ACTIVE',
    plan: 'YEARLY',
    trialEnd: null,
    currentPeriodEnd: '2027-03-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    canWrite: true,
    ...overrides,
  };
}

function buildMe(overrides: Partial<Me> = {}): Me & { __typename: 'Debtor' } {
  return {
    __typename: 'Debtor',
    id: '7',
    userName: 'jdoe',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    accountStatus: 1,
    twoFactorEnabled: false,
    recoveryCodesLeft: 0,
    subscription: buildSubscription(),
    ...overrides,
  };
}

const meMock = (me: Me = buildMe()) => ({
  request: { query: ManageAccountDocument },
  result: { data: { me } },
  maxUsageCount: 5,
});
const tokensMock = (apiTokens: ApiTokensQuery['apiTokens'] = []) => ({
  request: { query: ApiTokensDocument },
  result: { data: { apiTokens } },
  maxUsageCount: 5,
});

const remindersMock = {
  request: { query: ReminderSettingsDocument },
  result: {
    data: {
      reminderSettings: {
        __typename: 'ReminderSettings',
        billReminders: true,
        billLeadDays: 3,
        pastDueNotices: true,
        paydayDigest: true,
        budgetAlerts: true,
        sendHour: 8,
      },
    },
  },
  maxUsageCount: 5,
};
const feedsMock = {
  request: { query: CalendarFeedsDocument },
  result: { data: { calendarFeeds: [] } },
  maxUsageCount: 5,
};

function renderManage(mocks: object[] = [], path = '/manageaccount', me: object[] = [meMock()]) {
  return renderScreen(<ManageAccountPage />, {
    path,
    route: path.split('?')[0] === '/manageaccount' ? '/manageaccount' : '/manageaccount/:pmtsession',
    mocks: [...me, tokensMock(), remindersMock, feedsMock, ...mocks] as never,
    extra: (
      <>
        <Route path="/manageaccount" element={<ManageAccountPage />} />
        <Route path="/userhome" element={<h1>Dashboard stub</h1>} />
        <Route path="/changepassword" element={<h1>Change Password stub</h1>} />
        <Route path="/" element={<h1>Landing stub</h1>} />
      </>
    ),
  });
}

beforeEach(() => {
  simulatePageLoad({ flag: false });
  signInForTest();
  jest.mocked(openExternal).mockReset();
  jest.mocked(saveFile).mockReset();
});

describe('ManageAccountPage: sections', () => {
  it('lists its ten sections, each a link to an address of its own', async () => {
    renderManage();
    const nav = await screen.findByRole('navigation', { name: 'Account sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Profile',
      'Security',
      'Subscription',
      'Household',
      'Notifications',
      'Calendar',
      'Bank connections',
      'Categories',
      'API tokens',
      'Your data',
    ]);
    expect(within(nav).getByRole('link', { name: 'Bank connections' })).toHaveAttribute(
      'href',
      '/manageaccount?section=bank-connections',
    );
  });

  it('opens at the section its address names, with the focus there and the list showing where it is', async () => {
    renderManage([], '/manageaccount?section=bank-connections');
    await screen.findByText('jane@example.com');
    await waitFor(() =>
      expect(document.activeElement).toBe(document.getElementById('section-bank-connections')),
    );
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'Bank connections' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });
});

describe('ManageAccountPage: account details', () => {
  it('makes each part of the screen a region named by its heading (landmarks to jump between)', async () => {
    renderManage();
    await screen.findByText('jane@example.com');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.length).toBeGreaterThan(5);
    for (const heading of headings) {
      expect(screen.getByRole('region', { name: heading.textContent ?? '' })).toContainElement(heading);
    }
  });

  it('links to Change Password', async () => {
    renderManage();
    await userEvent.click(await screen.findByRole('link', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { name: 'Change Password stub' })).toBeInTheDocument();
  });

  it('shows the names and e-mail', async () => {
    renderManage();
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('Jane')).toBeInTheDocument();
    expect(screen.getByText('Doe')).toBeInTheDocument();
  });

  it("edits the names and e-mail: 'Account Updated'", async () => {
    const input = { firstName: 'Janet', lastName: 'Doe', email: 'janet@example.com' };
    renderManage([
      {
        request: { query: UpdateAccountDocument, variables: { input } },
        result: { data: { updateAccount: { __typename: 'Debtor', id: '7', accountStatus: 1, ...input } } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('First Name'));
    await userEvent.type(screen.getByLabelText('First Name'), 'Janet');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'janet@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Account Updated')).toBeInTheDocument();
    expect(sessionStore.getState().account).toMatchObject({ firstName: 'Janet', email: 'janet@example.com' });
  });

  it("shows 'Update user failed' when the update fails", async () => {
    renderManage([
      {
        request: {
          query: UpdateAccountDocument,
          variables: { input: { firstName: 'Jane', lastName: 'Doe', email: 'taken@example.com' } },
        },
        result: {
          errors: [new GraphQLError('E-mail already used', { extensions: { code: 'BAD_USER_INPUT' } })],
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update user failed')).toBeInTheDocument();
  });

  it('keeps Save disabled for an invalid e-mail', async () => {
    renderManage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'jane at example');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });
});

describe('ManageAccountPage: subscription', () => {
  it('shows the status and the renewal date', async () => {
    renderManage();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('subscription-renewal')).toHaveTextContent('Mon Mar 15, 2027');
  });

  it("labels the date 'Trial ends' during the trial", async () => {
    renderManage([], '/manageaccount', [
      meMock(
        buildMe({
          subscription: buildSubscription({ status: 'TRIALING', trialEnd: '2026-12-01T12:00:00.000Z' }),
        }),
      ),
    ]);
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Free trial');
    expect(screen.getByText('Trial ends')).toBeInTheDocument();
    expect(screen.queryByText('Renewal date')).not.toBeInTheDocument();
    expect(screen.getByTestId('subscription-renewal')).toHaveTextContent('Tue Dec 1, 2026');
  });

  it("says 'Cancels on <date>' once after a cancellation in the trial, with no second message", async () => {
    const trial = { status: 'TRIALING' as const, trialEnd: '2026-12-01T12:00:00.000Z' };
    renderManage(
      [
        {
          request: { query: CancelSubscriptionDocument },
          result: {
            data: { cancelSubscription: buildSubscription({ ...trial, cancelAtPeriodEnd: true }) },
          },
        },
      ],
      '/manageaccount',
      [
        { ...meMock(buildMe({ subscription: buildSubscription(trial) })), maxUsageCount: 1 },
        meMock(buildMe({ subscription: buildSubscription({ ...trial, cancelAtPeriodEnd: true }) })),
      ],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(await screen.findByText('Account Cancelled')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('subscription-status')).toHaveTextContent('Cancels on Tue Dec 1, 2026'),
    );
    expect(screen.getAllByText(/Tue Dec 1, 2026/)).toHaveLength(1);
    expect(screen.getAllByText(/no more charges/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('opens the payment provider portal to update the payment method', async () => {
    renderManage([
      {
        request: {
          query: CreatePortalSessionDocument,
          variables: { returnUrl: 'http://localhost/#/manageaccount/updated' },
        },
        result: { data: { createPortalSession: 'https://billing.example/portal/1' } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://billing.example/portal/1'));
  });

  it("shows 'Update payment not available. Try again later.' when the portal fails", async () => {
    renderManage([
      {
        request: {
          query: CreatePortalSessionDocument,
          variables: { returnUrl: 'http://localhost/#/manageaccount/updated' },
        },
        error: new TypeError('Failed to fetch'),
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update payment method' }));
    expect(await screen.findByText('Update payment not available. Try again later.')).toBeInTheDocument();
  });

  it("asks for confirmation, then cancels: 'Account Cancelled'", async () => {
    renderManage([
      {
        request: { query: CancelSubscriptionDocument },
        result: { data: { cancelSubscription: buildSubscription({ cancelAtPeriodEnd: true }) } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to cancel your subscription? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', 'Keep my subscription', 'Cancel subscription']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Account Cancelled')).toBeInTheDocument();
    expect(screen.getByText(/cancelled at the end of this billing cycle/)).toBeInTheDocument();
  });

  it("shows 'Error' and the cancel failure message", async () => {
    renderManage([
      { request: { query: CancelSubscriptionDocument }, error: new TypeError('Failed to fetch') },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('There was an error cancelling your account. Please try again later.'),
    ).toBeInTheDocument();
  });

  it("'Keep my subscription' in the dialog cancels nothing", async () => {
    renderManage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my subscription' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Account Cancelled')).not.toBeInTheDocument();
  });
});

describe('ManageAccountPage after a payment-method update (manageaccount/{pmtsession})', () => {
  it("says 'Your payment method has been updated.' with buttons to manage account and the dashboard", async () => {
    renderManage([], '/manageaccount/updated');
    expect(screen.getByText('Your payment method has been updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Manage Account' })).toHaveAttribute(
      'href',
      '/manageaccount',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('Dashboard stub')).toBeInTheDocument();
  });
});

describe('ManageAccountPage: API tokens', () => {
  const token = {
    __typename: 'ApiToken' as const,
    id: 't1',
    name: 'Spreadsheet',
    scope: 'READ' as const,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: null,
  };

  it('lists tokens with their last use', async () => {
    renderScreen(<ManageAccountPage />, {
      path: '/manageaccount',
      mocks: [
        meMock(),
        tokensMock([token, { ...token, id: 't2', name: 'Backup', lastUsedAt: '2026-11-10T10:00:00.000Z' }]),
      ],
    });
    const table = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(table).getByText('Spreadsheet')).toBeInTheDocument();
    expect(within(table).getByText('Last used: Never')).toBeInTheDocument();
    expect(within(table).getByText('Last used: Tue Nov 10, 2026')).toBeInTheDocument();
  });

  it('creates a token and shows its secret once, with a copy button', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderManage([
      {
        request: { query: CreateApiTokenDocument, variables: { name: 'Spreadsheet', scope: 'READ' } },
        result: {
          data: { createApiToken: { __typename: 'CreatedApiToken', secret: 'tn_secret_123', token } },
        },
      },
    ]);
    await userEvent.type(await screen.findByLabelText('Token name'), 'Spreadsheet');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByDisplayValue('tn_secret_123')).toBeInTheDocument();
    expect(screen.getByText(/will not be shown again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('tn_secret_123');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    renderScreen(<ManageAccountPage />, {
      path: '/manageaccount',
      mocks: [
        meMock(),
        tokensMock([token]),
        {
          request: { query: RevokeApiTokenDocument, variables: { id: 't1' } },
          result: { data: { revokeApiToken: true } },
        },
        tokensMock([]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Spreadsheet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Token "Spreadsheet" revoked')).toBeInTheDocument();
  });
});

describe('ManageAccountPage: your data', () => {
  it('downloads my data as a JSON file', async () => {
    renderManage([
      { request: { query: ExportMyDataDocument }, result: { data: { exportMyData: '{"wallets":[]}' } } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith('truenet-my-data.json', '{"wallets":[]}'));
  });

  it("keeps 'Download my data' out of the red delete-account box", async () => {
    renderManage();
    const download = await screen.findByRole('button', { name: 'Download my data' });
    const danger = screen.getByTestId('danger-zone');
    expect(danger).not.toContainElement(download);
    expect(within(danger).getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('deletes the account with the password, clears the session and goes to /', async () => {
    renderManage([
      {
        request: { query: DeleteAccountDocument, variables: { password: 'Secret1!' } },
        result: { data: { deleteAccount: true } },
      },
    ]);
    await userEvent.type(
      within(await screen.findByRole('region', { name: 'Delete account' })).getByLabelText('Password'),
      'Secret1!',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Landing stub')).toBeInTheDocument();
    expect(sessionStore.getState().auth).toBeNull();
  });

  it("shows the server's message when the password is wrong", async () => {
    renderManage([
      {
        request: { query: DeleteAccountDocument, variables: { password: 'wrong' } },
        result: {
          errors: [new GraphQLError('Incorrect password', { extensions: { code: 'BAD_USER_INPUT' } })],
        },
      },
    ]);
    await userEvent.type(
      within(await screen.findByRole('region', { name: 'Delete account' })).getByLabelText('Password'),
      'wrong',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(sessionStore.getState().auth).not.toBeNull();
  });
});
