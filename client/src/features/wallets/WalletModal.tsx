import { useMutation } from '@apollo/client/react';
import Form from 'react-bootstrap/Form';
import { Field, hintIdOf } from '../../components/Field';
import { MoneyInput } from '../../components/money';
import { DashboardWalletsDocument, AddWalletDocument, UpdateWalletDocument } from '../../gql/graphql';
import type { WalletRowFragment } from '../../gql/graphql';
import { browserTimeZone } from '../../kit/dates';
import { ENTITY_NAME_MAX } from '@truenet/core';
import { validateWalletForm, type WalletForm } from '../../kit/domain';
import { RecordModal } from '../../kit/RecordModal';
import { lengthFeedback } from '../../kit/lengthLimit';
import { NotesField } from '../../kit/RecordFields';
import { useRecordForm } from '../../kit/useRecordForm';
import { MONEY_VIEWS } from '../../kit/moneyViews';

const EMPTY: WalletForm = { walletName: '', walletDescription: '', balance: null };

function formOf(wallet: WalletRowFragment | null): WalletForm {
  if (!wallet) return EMPTY;
  return {
    walletName: wallet.walletName,
    walletDescription: wallet.walletDescription ?? '',
    balance: wallet.balance,
  };
}

interface WalletModalProps {
  /** null adds a new wallet. */
  wallet: WalletRowFragment | null;
  onClose: () => void;
}

const REFETCH = [DashboardWalletsDocument, ...MONEY_VIEWS];

/** Add Wallet / Edit Wallet. */
export function WalletModal({ wallet, onClose }: WalletModalProps) {
  const form = useRecordForm(formOf(wallet), validateWalletForm);
  const [addWallet] = useMutation(AddWalletDocument, { refetchQueries: REFETCH });
  const [updateWallet] = useMutation(UpdateWalletDocument, { refetchQueries: REFETCH });
  const { values, setField } = form;
  const nameLength = lengthFeedback(values.walletName, ENTITY_NAME_MAX);

  async function save() {
    const input = {
      walletName: values.walletName.trim(),
      walletDescription: values.walletDescription.trim() || null,
      balance: values.balance ?? 0,
      timeZone: browserTimeZone(),
    };
    await form.save(
      () =>
        wallet ? updateWallet({ variables: { id: wallet.id, input } }) : addWallet({ variables: { input } }),
      {
        editing: wallet !== null,
        onClose,
        empty: EMPTY,
        addedNotice: 'Wallet saved. Enter another or Close.',
      },
    );
  }

  return (
    <RecordModal
      show
      mode={wallet ? 'edit' : 'add'}
      noun="Wallet"
      form={form}
      onSubmit={save}
      onClose={onClose}
    >
      <Field
        id="wallet-name"
        label="Wallet Name"
        error={nameLength.error ?? form.fieldError('walletName')}
        hint={nameLength.hint}
      >
        <Form.Control
          type="text"
          value={values.walletName}
          onChange={(e) => setField('walletName', e.target.value)}
          {...form.control('walletName')}
          isInvalid={Boolean(nameLength.error) || form.control('walletName').isInvalid}
          aria-describedby={nameLength.hint ? hintIdOf('wallet-name') : undefined}
        />
      </Field>
      <NotesField
        id="wallet-description"
        label="Description"
        value={values.walletDescription}
        onChange={(description) => setField('walletDescription', description)}
      />
      <Field id="wallet-balance" label="Balance">
        <MoneyInput value={values.balance} onValueChange={(v) => setField('balance', v)} />
      </Field>
    </RecordModal>
  );
}
