import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { WriteAccessContext } from '../../kit/access';
import { badInput, buildLiability, buildWallet, renderWithApollo, type Resolvers } from '../../kit/testing';
import { ManageExpenses } from './ManageExpenses';

const dueDate = dayjs().add(5, 'day').format('YYYY-MM-DD');

function renderExpenses(resolvers: Resolvers) {
  return renderWithApollo(
    <WriteAccessContext.Provider value>
      <ManageExpenses />
    </WriteAccessContext.Provider>,
    { creditorSuggestions: () => [], ...resolvers },
  );
}

describe('Manage Fixed Expenses', () => {
  it('lists expenses with the columns of the specification', async () => {
    renderExpenses({
      liabilities: () => [buildLiability({ autoPay: true, creditorDescription: 'Fixed rate' })],
    });
    expect(screen.getByText('Loading Expenses ...')).toBeInTheDocument();
    expect(await screen.findByText('Home Mortgage')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Fixed Expenses' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Edit',
      'Expense Source',
      'Expense Type',
      'Frequency',
      'Next Date Due',
      'Amount',
      'Balance',
      'Auto Paid?',
      'Delete',
    ]);
    expect(screen.getByText('Mortgage/Rent')).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('Sat Jan 10, 2026')).toBeInTheDocument();
    expect(screen.getByText('$1,400.00')).toBeInTheDocument();
    expect(screen.getByText('$200,000.00')).toBeInTheDocument();
    expect(screen.getByText('bank.com')).toHaveAttribute('href', 'https://bank.com');
    expect(screen.getByText('Fixed rate')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
  });

  it('shows the empty and error texts', async () => {
    const { unmount } = renderExpenses({ liabilities: () => [] });
    expect(await screen.findByText('There are no expenses entered')).toBeInTheDocument();
    unmount();
    renderExpenses({
      liabilities: () => {
        throw new Error('down');
      },
    });
    expect(await screen.findByText('error getting expenses')).toBeInTheDocument();
  });

  it('add mode: a suggestion fills name and URL; saving clears the form and keeps it open', async () => {
    const addLiability = jest.fn(({ input }: { input: { creditorName: string } }) =>
      buildLiability({ id: '77', creditorName: input.creditorName }),
    );
    renderExpenses({
      liabilities: () => [],
      creditorSuggestions: () => [
        { creditorName: 'StreamFlix', creditorUrl: 'streamflix.com' },
        { creditorName: 'Phone Co', creditorUrl: null },
      ],
      addLiability,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Expenses' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Expense')).toBeInTheDocument();
    await waitFor(() => expect(dialog.querySelectorAll('datalist option')).toHaveLength(2));

    await userEvent.type(within(dialog).getByLabelText('Expense Source'), 'StreamFlix (url: streamflix.com)');
    expect(within(dialog).getByLabelText('Expense Source')).toHaveValue('StreamFlix');
    expect(within(dialog).getByLabelText('Website')).toHaveValue('streamflix.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Expense Type'), 'SUBSCRIPTION');
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'MONTHLY');
    await userEvent.type(within(dialog).getByLabelText('Next Date Due'), dueDate);
    await userEvent.type(within(dialog).getByLabelText('Amount'), '21');
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('$21');
    await userEvent.click(within(dialog).getByLabelText('Auto Paid?'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save New Record' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Expense Source')).toHaveValue(''));
    expect(addLiability).toHaveBeenCalledWith({
      input: expect.objectContaining({
        creditorName: 'StreamFlix',
        creditorUrl: 'streamflix.com',
        debtType: 'SUBSCRIPTION',
        frequency: 'MONTHLY',
        dueDate,
        payment: 21,
        balance: null,
        autoPay: true,
      }),
    });
    expect(within(dialog).getByLabelText('Expense Type')).toHaveValue('');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('the save stays disabled until the fields are valid; a minus sign is named, not dropped', async () => {
    renderExpenses({ liabilities: () => [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Expenses' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save New Record' });
    await userEvent.type(within(dialog).getByLabelText('Expense Source'), 'Gym');
    await userEvent.selectOptions(within(dialog).getByLabelText('Expense Type'), 'MISC_BILL');
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'MONTHLY');
    await userEvent.type(within(dialog).getByLabelText('Next Date Due'), dueDate);
    expect(save).toBeDisabled();
    const balance = within(dialog).getByLabelText('Balance (optional)');
    await userEvent.type(balance, '-5');
    expect(balance).toHaveValue('-$5');
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.type(amount, '-50');
    expect(amount).toHaveValue('-$50');
    await userEvent.tab();
    expect(within(dialog).getByText('The balance cannot be negative')).toBeVisible();
    expect(within(dialog).getByText('The amount cannot be negative')).toBeVisible();
    expect(save).toBeDisabled();
    await userEvent.clear(balance);
    await userEvent.clear(amount);
    await userEvent.type(amount, '30');
    expect(save).toBeEnabled();
    await userEvent.clear(within(dialog).getByLabelText('Website'));
    await userEvent.type(within(dialog).getByLabelText('Website'), 'not a url');
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Website'), '{Enter}');
    expect(await within(dialog).findByText('Some fields are not valid')).toBeInTheDocument();
  });

  it('edit mode: Cancel and Save Changes; a refusal shows Bad Request and keeps it open', async () => {
    let refuse = true;
    const updateLiability = jest.fn(({ id }: { id: string }) => {
      if (refuse) throw badInput('dueDate: must be within 2 years back and 3 years ahead');
      return buildLiability({ id });
    });
    renderExpenses({ liabilities: () => [buildLiability({ dueDate })], updateLiability });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Home Mortgage' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Expense')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('$1,400.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Bad Request')).toBeInTheDocument();
    expect(
      within(dialog).getByText('dueDate: must be within 2 years back and 3 years ahead'),
    ).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Paid from' defaults to the default wallet; choosing a wallet sends its id", async () => {
    const addLiability = jest.fn(({ input }: { input: { creditorName: string } }) =>
      buildLiability({ id: '60', creditorName: input.creditorName }),
    );
    renderExpenses({
      liabilities: () => [],
      wallets: () => [
        buildWallet({ id: '1', walletName: 'Checking', defaultWallet: true }),
        buildWallet({ id: '2', walletName: 'Savings', defaultWallet: false }),
      ],
      addLiability,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Expenses' }));
    const dialog = await screen.findByRole('dialog');
    const choice = await within(dialog).findByLabelText('Paid from');
    expect(choice).toHaveValue('');
    expect(within(choice).getByRole('option', { selected: true })).toHaveTextContent(
      'Default wallet (Checking)',
    );
    await userEvent.type(within(dialog).getByLabelText('Expense Source'), 'Gym');
    await userEvent.selectOptions(within(dialog).getByLabelText('Expense Type'), 'MISC_BILL');
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'MONTHLY');
    await userEvent.type(
      within(dialog).getByLabelText('Next Date Due'),
      dayjs().add(5, 'day').format('YYYY-MM-DD'),
    );
    await userEvent.type(within(dialog).getByLabelText('Amount'), '40');
    await userEvent.selectOptions(choice, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save New Record' }));
    await waitFor(() => expect(addLiability).toHaveBeenCalled());
    expect(addLiability).toHaveBeenCalledWith({
      input: expect.objectContaining({ creditorName: 'Gym', walletId: '2' }),
    });
  });
});
