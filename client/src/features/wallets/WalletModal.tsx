import { useMutation } from '@apollo/client/react';
import Form from 'react-bootstrap/Form';
import { MoneyInput } from '../../components/money';
import { DashboardWalletsDocument, AddWalletDocument, UpdateWalletDocument } from '../../gql/graphql';
import type { WalletRowFragment } from '../../gql/graphql';
import { browserTimeZone } from '../dashboard/dates';
import { validateWalletForm, type WalletForm } from '../dashboard/domain';
import { RecordModal } from '../dashboard/RecordModal';
import { useRecordForm } from '../dashboard/useRecordForm';

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

const REFETCH = [DashboardWalletsDocument, 'DashboardAnalysis'];

/** Add Wallet / Edit Wallet. */
export function WalletModal({ wallet, onClose }: WalletModalProps) {
  const form = useRecordForm(formOf(wallet), validateWalletForm);
  const [addWallet] = useMutation(AddWalletDocument, { refetchQueries: REFETCH });
  const [updateWallet] = useMutation(UpdateWalletDocument, { refetchQueries: REFETCH });
  const { values, setField } = form;

  async function save() {
    const input = {
      walletName: values.walletName.trim(),
      walletDescription: values.walletDescription.trim() || null,
      balance: values.balance ?? 0,
      timeZone: browserTimeZone(),
    };
    const ok = await form.submit(() =>
      wallet ? updateWallet({ variables: { id: wallet.id, input } }) : addWallet({ variables: { input } }),
    );
    if (!ok) return;
    if (wallet) {
      onClose();
    } else {
      form.reset(EMPTY);
      form.setNotice('Wallet saved. Enter another or Close.');
    }
  }

  return (
    <RecordModal
      show
      mode={wallet ? 'edit' : 'add'}
      noun="Wallet"
      saving={form.saving}
      valid={form.valid}
      error={form.error}
      notice={form.notice}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Group className="mb-3" controlId="wallet-name">
        <Form.Label>Wallet Name</Form.Label>
        <Form.Control
          type="text"
          maxLength={100}
          value={values.walletName}
          isInvalid={Boolean(form.fieldError('walletName'))}
          onChange={(e) => setField('walletName', e.target.value)}
          onBlur={() => form.touch('walletName')}
        />
        <Form.Control.Feedback type="invalid">{form.fieldError('walletName')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="wallet-description">
        <Form.Label>Description</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={255}
          value={values.walletDescription}
          onChange={(e) => setField('walletDescription', e.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="wallet-balance">
        <Form.Label>Balance</Form.Label>
        <MoneyInput allowNegative value={values.balance} onValueChange={(v) => setField('balance', v)} />
      </Form.Group>
    </RecordModal>
  );
}
