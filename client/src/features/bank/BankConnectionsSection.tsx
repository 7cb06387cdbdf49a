import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { MoneyText } from '../../components/money';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  BankConnectionsDocument,
  ConnectBankDocument,
  DashboardBankNoticesDocument,
  DashboardWalletsDocument,
  LinkBankAccountDocument,
  RemoveBankConnectionDocument,
  SyncBankConnectionDocument,
  WalletRegisterDocument,
  type BankAccountViewFragment,
  type BankConnectionViewFragment,
} from '../../gql/graphql';
import type { PreviousWallet } from '../../gql/graphql';
import { browserTimeZone, displayDate } from '../../kit/dates';
import { BILL_LIST, forgetMoneyViews, MONEY_VIEWS } from '../../kit/moneyViews';
import { displayInstant } from '../account/format';
import { STATUS_LABELS, STATUS_VARIANTS, syncSummary } from './bankView';

/** What a sync can change on screen: wallets, registers, bills, the figures and the reviews. */
const AFTER_SYNC = [
  BankConnectionsDocument,
  DashboardBankNoticesDocument,
  DashboardWalletsDocument,
  WalletRegisterDocument,
  BILL_LIST,
  'FoundInYourBank',
  ...MONEY_VIEWS,
];

/** The offline stand-in's token address, when the server runs one (outside production). */
function demoBankUrl(): string | undefined {
  return window.__TRUENET_CONFIG__?.bankDemoUrl;
}

/**
 * Bank connections in Manage Account (docs/product-rules.md §15): connect with a SimpleFIN Bridge
 * setup token (or the local demo bank), link each account to a wallet, sync now, remove. Each
 * connection says its state and, when something is wrong, what to do.
 */
export function BankConnectionsSection() {
  const { data, loading, error } = useQuery(BankConnectionsDocument);
  const wallets = useQuery(DashboardWalletsDocument);
  const [token, setToken] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [removing, setRemoving] = useState<BankConnectionViewFragment | null>(null);
  const [connect, connectState] = useMutation(ConnectBankDocument, {
    refetchQueries: [BankConnectionsDocument],
  });
  const [remove, removeState] = useMutation(RemoveBankConnectionDocument, {
    refetchQueries: [BankConnectionsDocument],
  });
  const connections = data?.bankConnections ?? [];
  const id = useId();

  const connectWith = async (setupToken: string) => {
    setFeedback(null);
    try {
      const result = await connect({ variables: { setupToken, timeZone: browserTimeZone() } });
      setToken('');
      const label = result.data?.connectBank.label ?? 'the bank';
      setFeedback({
        variant: 'success',
        text: `Connected to ${label}. Choose the wallet each account fills, then Sync now.`,
      });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Could not connect'),
      });
    }
  };

  const connectDemo = async () => {
    const url = demoBankUrl();
    if (!url) return;
    try {
      const response = await fetch(url);
      const body = (await response.json()) as { setupToken: string };
      await connectWith(body.setupToken);
    } catch {
      setFeedback({ variant: 'danger', text: 'The demo bank did not answer. Try again.' });
    }
  };

  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove({ variables: { id: removing.id } });
      setFeedback({ variant: 'success', text: `${removing.label} is disconnected. What it imported stays.` });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Could not remove it'),
      });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card as="section" aria-labelledby="bank-connections-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="bank-connections-title" className="h5 mb-1">
          Bank connections
        </Card.Title>
        <p className="text-muted small">
          Let your bank fill your wallets. TrueNet connects through SimpleFIN Bridge, which reads US banks for
          a small fee of its own (about $15 a year, paid to the bridge). At{' '}
          <a href="https://bridge.simplefin.org" target="_blank" rel="noreferrer">
            bridge.simplefin.org
          </a>
          , connect your bank and create a setup token, then paste it here. TrueNet uses it once and keeps the
          access it gives encrypted; pending charges are shown and never counted.
        </p>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void connectWith(token);
          }}
        >
          <Form.Group controlId={`${id}-token`} className="mb-2">
            <Form.Label>Setup token</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={token}
              onChange={(event) => setToken(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              className="tn-secret"
            />
          </Form.Group>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <SpinnerButton
              type="submit"
              busy={connectState.loading}
              busyLabel="Connecting ..."
              disabled={token.trim() === ''}
            >
              Connect bank
            </SpinnerButton>
            {demoBankUrl() && (
              <Button
                variant="outline-secondary"
                onClick={() => void connectDemo()}
                disabled={connectState.loading}
              >
                Try the demo bank
              </Button>
            )}
          </div>
        </Form>
        <FormMessage feedback={feedback} />
        {loading ? (
          <PageSpinner label="Loading bank connections ..." />
        ) : error ? (
          <p className="text-danger">Problem loading bank connections. Refresh page.</p>
        ) : connections.length === 0 ? (
          <p className="text-muted mb-0">You have no bank connections.</p>
        ) : (
          <ListGroup as="ul" aria-label="Your bank connections">
            {connections.map((connection) => (
              <ConnectionItem
                key={connection.id}
                connection={connection}
                wallets={wallets.data?.wallets ?? []}
                onRemove={() => setRemoving(connection)}
                onFeedback={setFeedback}
              />
            ))}
          </ListGroup>
        )}
      </Card.Body>
      <ConfirmModal
        show={removing !== null}
        title="Remove bank connection"
        message={`Stop syncing ${removing?.label ?? ''}? What it imported stays in your wallets.`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void onRemove()}
        busy={removeState.loading}
        confirmLabel="Remove"
      />
    </Card>
  );
}

interface ConnectionItemProps {
  connection: BankConnectionViewFragment;
  wallets: { id: string; walletName: string }[];
  onRemove: () => void;
  onFeedback: (feedback: Feedback) => void;
}

function ConnectionItem({ connection, wallets, onRemove, onFeedback }: ConnectionItemProps) {
  const [sync, syncState] = useMutation(SyncBankConnectionDocument, {
    refetchQueries: AFTER_SYNC,
    awaitRefetchQueries: true,
    update: forgetMoneyViews,
  });
  const onSync = async () => {
    try {
      const result = await sync({ variables: { id: connection.id, timeZone: browserTimeZone() } });
      const done = result.data?.syncBankConnection;
      if (done?.connection.lastError) onFeedback({ variant: 'danger', text: done.connection.lastError });
      else if (done) onFeedback({ variant: 'success', text: syncSummary(done) });
    } catch (failure) {
      onFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(failure), 'Could not sync') });
    }
  };
  return (
    <ListGroup.Item as="li" className="py-3">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
        <div>
          <div className="fw-semibold">
            {connection.label}{' '}
            <Badge
              bg={STATUS_VARIANTS[connection.status]}
              text={connection.status === 'NEEDS_ATTENTION' ? 'dark' : undefined}
            >
              {STATUS_LABELS[connection.status]}
            </Badge>
          </div>
          <small className="text-muted">
            {connection.lastSyncAt
              ? `Last synced ${displayInstant(connection.lastSyncAt)}`
              : 'Not synced yet'}{' '}
            · syncs by itself every 6 hours
          </small>
        </div>
        <div className="d-flex gap-2">
          <SpinnerButton
            size="sm"
            busy={syncState.loading}
            busyLabel="Syncing ..."
            disabled={connection.status === 'DISCONNECTED'}
            onClick={() => void onSync()}
            aria-label={`Sync ${connection.label} now`}
          >
            Sync now
          </SpinnerButton>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove ${connection.label}`}
          >
            Remove
          </Button>
        </div>
      </div>
      {connection.lastError && (
        <Alert variant={connection.status === 'DISCONNECTED' ? 'danger' : 'warning'} className="py-2 small">
          {connection.lastError}
        </Alert>
      )}
      {connection.accounts.map((account) => (
        <AccountRow key={account.id} account={account} wallets={wallets} onFeedback={onFeedback} />
      ))}
    </ListGroup.Item>
  );
}

/** The wallet list's choice that makes a wallet for the account (at the bank's balance). */
const NEW_WALLET = 'new';

interface AccountRowProps {
  account: BankAccountViewFragment;
  wallets: { id: string; walletName: string }[];
  onFeedback: (feedback: Feedback) => void;
}

/** One bank account: its balance, the wallet it fills, whether that wallet follows the bank's balance, and what is pending. */
function AccountRow({ account, wallets, onFeedback }: AccountRowProps) {
  const id = useId();
  const [link, linkState] = useMutation(LinkBankAccountDocument, {
    // A new wallet joins every list of wallets.
    refetchQueries: [BankConnectionsDocument, DashboardWalletsDocument],
    update: forgetMoneyViews,
  });
  // Moving the account from the wallet it fills to another asks first what becomes of that wallet.
  const [moving, setMoving] = useState<string | null>(null);
  const oldWallet = wallets.find((wallet) => wallet.id === account.walletId);
  const save = async (walletId: string | null, keepBalance: boolean, previousWallet?: PreviousWallet) => {
    const newWallet = walletId === NEW_WALLET;
    try {
      await link({
        variables: {
          bankAccountId: account.id,
          walletId: newWallet ? null : walletId,
          keepBalance,
          newWallet,
          previousWallet: previousWallet ?? null,
          timeZone: browserTimeZone(),
        },
      });
      setMoving(null);
    } catch (failure) {
      onFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(failure), 'Could not link it') });
    }
  };
  const choose = (walletId: string | null) => {
    if (account.walletId !== null && walletId !== null && walletId !== account.walletId) setMoving(walletId);
    else void save(walletId, account.keepBalance);
  };
  return (
    <div className="border-top pt-2 mt-2">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span>
          {account.org} · {account.name}
        </span>
        {account.balance != null && (
          <span className="small">
            Bank balance <MoneyText value={account.balance} />
          </span>
        )}
      </div>
      <div className="row g-2 align-items-center mt-1">
        <Form.Group className="col-12 col-md-6" controlId={`${id}-wallet`}>
          <Form.Label className="small mb-1">Fills wallet</Form.Label>
          <Form.Select
            size="sm"
            value={account.walletId ?? ''}
            disabled={linkState.loading}
            onChange={(event) => choose(event.target.value || null)}
          >
            <option value="">Not linked</option>
            {wallets.map((wallet) => (
              <option key={wallet.id} value={wallet.id}>
                {wallet.walletName}
              </option>
            ))}
            <option value={NEW_WALLET}>A new wallet: {account.name}</option>
          </Form.Select>
        </Form.Group>
        <div className="col-12 col-md-6">
          <Form.Check
            id={`${id}-keep`}
            className="small mt-md-4"
            label="Keep this wallet's balance equal to the bank's"
            checked={account.keepBalance}
            disabled={linkState.loading || account.walletId === null}
            onChange={(event) => void save(account.walletId ?? null, event.target.checked)}
          />
        </div>
      </div>
      {moving !== null && oldWallet && (
        <Modal
          show
          centered
          onHide={linkState.loading ? undefined : () => setMoving(null)}
          aria-labelledby={`${id}-move`}
        >
          <Modal.Header closeButton={!linkState.loading}>
            <Modal.Title id={`${id}-move`} className="h5">
              {`Move ${account.name} out of ${oldWallet.walletName}?`}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              {`${account.name} fills ${oldWallet.walletName} now. So that your totals never count this bank account twice, choose what becomes of ${oldWallet.walletName}:`}
            </p>
            <ul className="small mb-0">
              <li>
                <strong>Keep it by hand</strong>: it stays, without the bank&apos;s money (its balance goes
                down by the bank balance).
              </li>
              <li>
                <strong>Remove it</strong>: its transactions, pay and bills move with the account to the new
                wallet.
              </li>
            </ul>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" disabled={linkState.loading} onClick={() => setMoving(null)}>
              Cancel
            </Button>
            <Button
              variant="outline-primary"
              disabled={linkState.loading}
              onClick={() => void save(moving, account.keepBalance, 'KEEP')}
            >
              {`Keep ${oldWallet.walletName} by hand`}
            </Button>
            <Button
              variant="danger"
              disabled={linkState.loading}
              onClick={() => void save(moving, account.keepBalance, 'REMOVE')}
            >
              {`Remove ${oldWallet.walletName}`}
            </Button>
          </Modal.Footer>
        </Modal>
      )}
      {account.pending.length > 0 && (
        <div className="small mt-2">
          <div className="text-muted">Pending at the bank (not counted until it posts):</div>
          <ul className="mb-0 ps-3">
            {account.pending.map((row) => (
              <li key={row.index}>
                {displayDate(row.date)} · {row.description} · <MoneyText value={row.amount} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
