import { MemoryRouter } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WriteAccessContext } from '../../kit/access';
import {
  badInput,
  buildWallet,
  deferred,
  NetworkFailure,
  renderWithApollo,
  type Resolvers,
} from '../../kit/testing';
import { ManageWallets } from './ManageWallets';

function renderWallets(resolvers: Resolvers) {
  return renderWithApollo(
    <WriteAccessContext.Provider value>
      <MemoryRouter>
        <ManageWallets />
      </MemoryRouter>
    </WriteAccessContext.Provider>,
    resolvers,
  );
}

describe('Manage Wallets', () => {
  it('lists wallets with the columns of the specification, negatives in red', async () => {
    renderWallets({
      wallets: () => [buildWallet(), buildWallet({ id: '2', walletName: 'Card', balance: -40 })],
    });
    expect(screen.getByText('Loading Wallets ...')).toBeInTheDocument();
    expect(await screen.findByText('Card')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Edit',
      'Name',
      'Description',
      'Balance',
      'Delete',
    ]);
    expect(screen.getByText('-$40.00')).toHaveClass('text-danger');
    expect(screen.getByText('$2,500.00')).not.toHaveClass('text-danger');
  });

  it('shows the empty and error texts', async () => {
    const { unmount } = renderWallets({ wallets: () => [] });
    expect(await screen.findByText('There are no wallets entered')).toBeInTheDocument();
    unmount();
    renderWallets({
      wallets: () => {
        throw new Error('down');
      },
    });
    expect(await screen.findByText('error getting wallets')).toBeInTheDocument();
  });

  it('add mode: Close and Save New Record; after a save the form is cleared and stays open', async () => {
    const addWallet = jest.fn(({ input }: { input: { walletName: string } }) =>
      buildWallet({ id: '9', walletName: input.walletName }),
    );
    const saving = deferred<void>();
    renderWallets({
      wallets: () => [buildWallet()],
      addWallet: async (args: { input: { walletName: string } }) => {
        await saving.promise;
        return addWallet(args);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Wallets' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Wallet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save New Record' });
    expect(save).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText('Wallet Name'), 'Vacation');
    await userEvent.type(within(dialog).getByLabelText('Balance'), '-1234.5');
    expect(within(dialog).getByLabelText('Balance')).toHaveValue('-$1,234.5');
    await userEvent.click(save);
    expect(await within(dialog).findByText('Saving Record ...')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Wallet Name')).toBeDisabled();
    saving.resolve();
    await waitFor(() => expect(within(dialog).getByLabelText('Wallet Name')).toHaveValue(''));
    expect(addWallet).toHaveBeenCalledWith({
      input: expect.objectContaining({ walletName: 'Vacation', balance: -1234.5, walletDescription: null }),
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Wallet Name')).toBeEnabled();
  });

  it('edit mode: Cancel and Save Changes; closes after a save', async () => {
    const updateWallet = jest.fn(({ id, input }: { id: string; input: { walletName: string } }) =>
      buildWallet({ id, walletName: input.walletName }),
    );
    renderWallets({ wallets: () => [buildWallet()], updateWallet });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Wallet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Wallet Name');
    expect(name).toHaveValue('Checking');
    await userEvent.clear(name);
    await userEvent.type(name, 'Main');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateWallet).toHaveBeenCalledWith(expect.objectContaining({ id: '1' }));
  });

  it('a refused save shows Bad Request with the server message; a failed call shows Save data failed', async () => {
    let fail: 'refuse' | 'network' = 'refuse';
    renderWallets({
      wallets: () => [buildWallet()],
      updateWallet: () => {
        throw fail === 'refuse' ? badInput('walletName: already used') : new NetworkFailure('offline');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const live = within(dialog).getByRole('status');
    expect(await within(live).findByText('Bad Request')).toBeInTheDocument();
    expect(within(live).getByText('walletName: already used')).toBeInTheDocument();
    fail = 'network';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(live).findByText('Save data failed')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Wallet Name')).toBeEnabled();
  });

  it('an invalid submit says Some fields are not valid', async () => {
    renderWallets({ wallets: () => [buildWallet()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Wallet Name');
    await userEvent.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await userEvent.type(name, '   {Enter}');
    expect(await within(dialog).findByText('Some fields are not valid')).toBeInTheDocument();
  });

  it('a pasted name over 100 characters is kept whole and refused with the limit; near it, the count shows', async () => {
    renderWallets({ wallets: () => [buildWallet()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Checking' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Wallet Name');
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('Emergency fund '.repeat(20));
    expect(name).toHaveValue('Emergency fund '.repeat(20));
    expect(within(dialog).getByText('At most 100 characters: this one has 299')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.paste('x'.repeat(95));
    expect(name).toHaveAccessibleDescription('95 of 100 characters');
  });

  it('deletes through the confirmation modal, then reloads the list', async () => {
    let wallets = [buildWallet(), buildWallet({ id: '2', walletName: 'Card', defaultWallet: false })];
    const deleteWallet = jest.fn(({ id }: { id: string }) => {
      wallets = wallets.filter((w) => w.id !== id);
      return { id, deleted: true };
    });
    renderWallets({ wallets: () => wallets, deleteWallet });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Card' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteWallet).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Card' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('Card')).not.toBeInTheDocument());
    expect(deleteWallet).toHaveBeenCalledWith({ id: '2' });
  });

  it('a refused delete says Could not delete record; a failed call says Delete failed', async () => {
    let mode: 'refuse' | 'network' = 'refuse';
    renderWallets({
      wallets: () => [buildWallet()],
      deleteWallet: ({ id }: { id: string }) => {
        if (mode === 'network') throw new NetworkFailure('offline');
        return { id, deleted: false };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Could not delete record')).toBeInTheDocument();
    mode = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Delete Checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
  });
});
