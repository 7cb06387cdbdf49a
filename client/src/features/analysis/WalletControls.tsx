import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { validateTransaction, validateWallet } from '@truenet/core';
import { formatDollars, MoneyInput } from '../../components/money';
import { SpendingCategoriesDocument, UpdateWalletBalanceDocument } from '../../gql/graphql';
import { CategorySelect } from '../spending/CategorySelect';
import type { Direction, WalletRowFragment } from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { browserTimeZone, displayDateTime } from '../../kit/dates';
import { toSaveError } from '../../app/apollo/errors';
import { MONEY_VIEWS } from '../../kit/moneyViews';
import { LazyImportStatementModal } from '../imports/LazyImportStatementModal';

interface WalletControlsProps {
  wallets: readonly WalletRowFragment[];
  selected: WalletRowFragment;
  onSelect: (walletId: string) => void;
  /** Told what was done, in words, after each successful change. */
  onDone: (message: string) => void;
}

function Busy({ text }: { text: string }) {
  return (
    <>
      <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
      {text}
    </>
  );
}

/**
 * The category of a transaction typed by hand: chosen from its note unless the person picks one.
 * The household's categories are asked for once an amount is typed (or the picker is reached), not
 * with the dashboard's first screen.
 */
function TransactionCategory({
  wanted,
  value,
  onChange,
}: {
  wanted: boolean;
  value: string | null;
  onChange: (categoryId: string | null) => void;
}) {
  const [reached, setReached] = useState(false);
  const { data } = useQuery(SpendingCategoriesDocument, { skip: !wanted && !reached });
  return (
    <Form.Group className="mb-2" controlId="analysis-transaction-category">
      <Form.Label className="visually-hidden">Category</Form.Label>
      <CategorySelect
        categories={data?.categories ?? []}
        value={value}
        noneLabel="Category: from the note"
        onFocus={() => setReached(true)}
        onChange={onChange}
      />
    </Form.Group>
  );
}

/** Wallet selector, 'Update Wallet' balance editing, and the Spent / Deposited transaction entry. */
export function WalletControls({ wallets, selected, onSelect, onDone }: WalletControlsProps) {
  const canWrite = useCanWrite();
  const [updateBalance] = useMutation(UpdateWalletBalanceDocument, {
    refetchQueries: [...MONEY_VIEWS],
  });
  // The balance field follows the wallet until the user types; it resets when the wallet changes.
  const [typedBalance, setTypedBalance] = useState<{ walletId: string; value: number | null } | null>(null);
  const balance = typedBalance?.walletId === selected.id ? typedBalance.value : selected.balance;
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [running, setRunning] = useState<'balance' | Direction | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const busy = running !== null;
  // Checked before sending with the server's own rules: a minus sign or an amount above
  // $999,999,999.99 is named here, in words, and nothing is sent.
  const amountError = amount === null ? undefined : validateTransaction({ amount }).amount;
  const balanceError =
    balance === null ? undefined : validateWallet({ walletName: selected.walletName, balance }).balance;
  const hasAmount = amount !== null && amount !== 0 && !amountError;

  async function run(kind: 'balance' | Direction) {
    setRunning(kind);
    setMessage(null);
    try {
      await updateBalance({
        variables: {
          input:
            kind === 'balance'
              ? { walletId: selected.id, balance: balance ?? 0, timeZone: browserTimeZone() }
              : {
                  walletId: selected.id,
                  transaction: {
                    direction: kind,
                    amount: amount ?? 0,
                    transactionDescription: note.trim() || null,
                    categoryId,
                  },
                  timeZone: browserTimeZone(),
                },
        },
      });
      if (kind === 'balance') {
        onDone(`${selected.walletName} balance set to ${formatDollars(balance ?? 0)}`);
        setTypedBalance(null);
      } else {
        const spent = kind === 'SPENT';
        onDone(
          `${spent ? 'Spent' : 'Deposited'} ${formatDollars(amount ?? 0)} ${spent ? 'from' : 'to'} ${selected.walletName}`,
        );
        setAmount(null);
        setNote('');
        setCategoryId(null);
      }
    } catch (caught) {
      const error = toSaveError(caught);
      setMessage(error.detail ? `${error.message}: ${error.detail}` : error.message);
    } finally {
      setRunning(null);
    }
  }

  return (
    <Card className="h-100">
      <Card.Body>
        <Form.Group className="mb-3" controlId="analysis-wallet">
          <Form.Label className="fw-semibold">Wallet</Form.Label>
          <Form.Select value={selected.id} onChange={(e) => onSelect(e.target.value)} disabled={busy}>
            {wallets.map((wallet) => (
              <option key={wallet.id} value={wallet.id}>
                {wallet.walletName}
                {wallet.defaultWallet ? ' (default)' : ''}
              </option>
            ))}
          </Form.Select>
          {selected.lastUpdate && <Form.Text>Last updated {displayDateTime(selected.lastUpdate)}</Form.Text>}
        </Form.Group>

        <Form
          className="mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (canWrite && !busy && balance !== null && !balanceError) void run('balance');
          }}
        >
          <Form.Label htmlFor="analysis-wallet-balance">Wallet Balance</Form.Label>
          <InputGroup>
            <MoneyInput
              id="analysis-wallet-balance"
              value={balance}
              disabled={!canWrite || busy}
              isInvalid={Boolean(balanceError)}
              onValueChange={(value) => setTypedBalance({ walletId: selected.id, value })}
            />
            <Button
              type="submit"
              variant="primary"
              disabled={!canWrite || busy || balance === null || Boolean(balanceError)}
            >
              {running === 'balance' ? <Busy text="Updating ..." /> : 'Update Wallet'}
            </Button>
            {balanceError && <Form.Control.Feedback type="invalid">{balanceError}</Form.Control.Feedback>}
          </InputGroup>
        </Form>

        <fieldset disabled={!canWrite || busy}>
          <legend className="fs-6 fw-semibold mb-2">Add a transaction</legend>
          <Form.Group className="mb-2" controlId="analysis-transaction-amount">
            <Form.Label className="visually-hidden">Amount</Form.Label>
            <MoneyInput
              value={amount}
              placeholder="Amount"
              onValueChange={setAmount}
              isInvalid={Boolean(amountError) && amount !== 0}
            />
            {amount !== 0 && <Form.Control.Feedback type="invalid">{amountError}</Form.Control.Feedback>}
          </Form.Group>
          <Form.Group className="mb-2" controlId="analysis-transaction-note">
            <Form.Label className="visually-hidden">Note (optional)</Form.Label>
            <Form.Control
              type="text"
              maxLength={255}
              placeholder="Note (optional)"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Form.Group>
          <TransactionCategory wanted={hasAmount} value={categoryId} onChange={setCategoryId} />
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button variant="outline-danger" disabled={!hasAmount} onClick={() => void run('SPENT')}>
              {running === 'SPENT' ? <Busy text="Updating ..." /> : 'Spent'}
            </Button>
            <Button variant="outline-primary" disabled={!hasAmount} onClick={() => void run('DEPOSITED')}>
              {running === 'DEPOSITED' ? <Busy text="Updating ..." /> : 'Deposited'}
            </Button>
            {/* Many transactions at once: the bank's file, where a person adds one by hand. */}
            <Button variant="link" className="ms-auto px-0 tn-touch" onClick={() => setImporting(true)}>
              Import a statement
            </Button>
          </div>
        </fieldset>
        <div role="status" aria-live="polite">
          {message && (
            <Alert variant="danger" className="mt-3 mb-0 py-2">
              {message}
            </Alert>
          )}
        </div>
      </Card.Body>
      {importing && (
        <LazyImportStatementModal
          wallet={{ walletId: selected.id, walletName: selected.walletName }}
          onClose={() => setImporting(false)}
        />
      )}
    </Card>
  );
}
