import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { WriteAccessContext } from '../../kit/access';
import { buildIncomeSource, buildWallet, renderWithApollo, type Resolvers } from '../../kit/testing';
import { ManageIncome } from './ManageIncome';

const lastPay = dayjs().subtract(3, 'day').format('YYYY-MM-DD');
const nextPay = dayjs().add(10, 'day').format('YYYY-MM-DD');

const twoWallets = () => [
  buildWallet({ id: '1', walletName: 'Checking', defaultWallet: true }),
  buildWallet({ id: '2', walletName: 'Savings', defaultWallet: false }),
];

function renderIncome(resolvers: Resolvers) {
  return renderWithApollo(
    <WriteAccessContext.Provider value>
      <ManageIncome />
    </WriteAccessContext.Provider>,
    { incomeSourceSuggestions: () => [], ...resolvers },
  );
}

describe('Manage Income', () => {
  it('lists income with the columns of the specification', async () => {
    renderIncome({ incomeSources: () => [buildIncomeSource({ sourceDescription: 'Day job' })] });
    expect(screen.getByText('Loading Income ...')).toBeInTheDocument();
    expect(await screen.findByText('Acme Payroll')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Edit',
      'Source',
      'Last Pay Date',
      'Amount',
      'Frequency Paid',
      'Delete',
    ]);
    expect(screen.getByText('Fri Jan 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('Bi-Weekly')).toBeInTheDocument();
    expect(screen.getByText('$2,000.00')).toBeInTheDocument();
    expect(screen.getByText('Day job')).toBeInTheDocument();
  });

  it('shows the empty and error texts', async () => {
    const { unmount } = renderIncome({ incomeSources: () => [] });
    expect(await screen.findByText('There is no income entered')).toBeInTheDocument();
    unmount();
    renderIncome({
      incomeSources: () => {
        throw new Error('down');
      },
    });
    expect(await screen.findByText('error getting income')).toBeInTheDocument();
  });

  it('add mode: picking a suggestion fills name and URL; after a save the form is cleared and stays open', async () => {
    const addIncomeSource = jest.fn(({ input }: { input: { sourceName: string } }) =>
      buildIncomeSource({ id: '50', sourceName: input.sourceName }),
    );
    renderIncome({
      incomeSources: () => [],
      incomeSourceSuggestions: () => [{ id: '3', sourceName: 'Globex Payroll', sourceUrl: 'globex.com' }],
      addIncomeSource,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Income Sources' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Income')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.querySelector('datalist option')).toHaveAttribute(
        'value',
        'Globex Payroll (url: globex.com)',
      ),
    );

    await userEvent.type(within(dialog).getByLabelText('Source'), 'Globex Payroll (url: globex.com)');
    expect(within(dialog).getByLabelText('Source')).toHaveValue('Globex Payroll');
    expect(within(dialog).getByLabelText('Website')).toHaveValue('globex.com');

    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency Paid'), 'WEEKLY');
    await userEvent.type(within(dialog).getByLabelText('Last Pay Date'), lastPay);
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1500');
    expect(within(dialog).getByLabelText('Notes')).toHaveAttribute('rows', '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save New Record' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Source')).toHaveValue(''));
    expect(addIncomeSource).toHaveBeenCalledWith({
      input: expect.objectContaining({
        sourceName: 'Globex Payroll',
        sourceUrl: 'globex.com',
        incomeFrequency: 'WEEKLY',
        nextPmtDate: lastPay,
        biMonthlyPayDate: null,
        paymentAmount: 1500,
        sourceStatus: true,
      }),
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a suggestion load failure is silent', async () => {
    renderIncome({
      incomeSources: () => [],
      incomeSourceSuggestions: () => {
        throw new Error('no suggestions');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Income Sources' }));
    const dialog = await screen.findByRole('dialog');
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
  });

  it('edit mode: Twice Monthly asks for Enter Next Pay Date; leaving Twice Monthly clears it', async () => {
    const updateIncomeSource = jest.fn(({ id }: { id: string }) => buildIncomeSource({ id }));
    renderIncome({
      incomeSources: () => [
        buildIncomeSource({
          incomeFrequency: 'TWICE_MONTHLY',
          nextPmtDate: lastPay,
          biMonthlyPayDate: nextPay,
        }),
      ],
      updateIncomeSource,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Acme Payroll' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Income')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Enter Next Pay Date')).toHaveValue(nextPay);

    const frequency = within(dialog).getByLabelText('Frequency Paid');
    await userEvent.selectOptions(frequency, 'MONTHLY');
    expect(within(dialog).queryByLabelText('Enter Next Pay Date')).not.toBeInTheDocument();
    await userEvent.selectOptions(frequency, 'TWICE_MONTHLY');
    expect(within(dialog).getByLabelText('Enter Next Pay Date')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await userEvent.selectOptions(frequency, 'MONTHLY');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateIncomeSource).toHaveBeenCalledWith({
      id: '11',
      input: expect.objectContaining({ incomeFrequency: 'MONTHLY', biMonthlyPayDate: null }),
    });
  });

  it("'Deposits to' offers the default wallet first, then each wallet; the choice is sent and shown on edit", async () => {
    const updateIncomeSource = jest.fn(({ id }: { id: string }) => buildIncomeSource({ id }));
    renderIncome({
      incomeSources: () => [buildIncomeSource({ walletId: '2' })],
      wallets: twoWallets,
      updateIncomeSource,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Acme Payroll' }));
    const dialog = await screen.findByRole('dialog');
    const choice = await within(dialog).findByLabelText('Deposits to');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Default wallet (Checking)', 'Checking', 'Savings']);
    expect(choice).toHaveValue('2');
    await userEvent.selectOptions(choice, '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateIncomeSource).toHaveBeenCalledWith({
      id: '11',
      input: expect.objectContaining({ walletId: null }),
    });
  });

  it("with a single wallet there is no 'Deposits to' to choose", async () => {
    renderIncome({ incomeSources: () => [], wallets: () => [buildWallet()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Income Sources' }));
    const dialog = await screen.findByRole('dialog');
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).queryByLabelText('Deposits to')).not.toBeInTheDocument();
  });

  it('the delete dialog suggests setting the source inactive instead', async () => {
    renderIncome({ incomeSources: () => [buildIncomeSource()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme Payroll' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/setting it inactive instead/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });
});
