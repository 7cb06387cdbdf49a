import { Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import {
  DashboardBankNoticesDocument,
  DashboardWalletsDocument,
  type BankConnectionViewFragment,
  type ImportPreviewViewFragment,
} from '../../gql/graphql';
import { LazyImportStatementModal } from '../imports/LazyImportStatementModal';
import { reviewHeadline } from './bankView';
import { useFreshFirstScreen } from '../dashboard/useFirstScreen';
import { useSlicedQuery } from '../../kit/useSlicedQuery';

/**
 * The dashboard's word on bank connections: transactions a sync left for a person to review (each
 * opening the same review screen as a file), and any connection that needs attention, with what to
 * do. Nothing shows for a person without bank connections.
 */
export function BankNotices() {
  // Nothing until the connections are read (only when the first screen did not bring them).
  return (
    <Suspense fallback={null}>
      <BankNoticesRead />
    </Suspense>
  );
}

function BankNoticesRead() {
  // A sync may have run since the last visit: asked again each time, unless just read.
  const fetchPolicy = useFreshFirstScreen() ? 'cache-first' : 'cache-and-network';
  const { data } = useSlicedQuery(DashboardBankNoticesDocument, { fetchPolicy });
  const [open, setOpen] = useState<ImportPreviewViewFragment | null>(null);
  const troubled = (data?.bankConnections ?? []).filter((connection) => connection.status !== 'OK');
  const waiting = data?.importReviews ?? [];
  // Most dashboards have nothing to say here: the wallets' names are read only when something is.
  if (troubled.length === 0 && waiting.length === 0 && !open) return null;
  return <Notices troubled={troubled} waiting={waiting} open={open} setOpen={setOpen} />;
}

function Notices({
  troubled,
  waiting,
  open,
  setOpen,
}: {
  troubled: readonly BankConnectionViewFragment[];
  waiting: readonly ImportPreviewViewFragment[];
  open: ImportPreviewViewFragment | null;
  setOpen: (review: ImportPreviewViewFragment | null) => void;
}) {
  const wallets = useSlicedQuery(DashboardWalletsDocument);
  const walletName = (walletId: string) =>
    wallets.data?.wallets.find((wallet) => wallet.id === walletId)?.walletName ?? 'the wallet';
  // The review stays open after its rows are done (its summary shows), even once nothing waits:
  // it keeps one place in the tree, so the notices going away never remounts it.
  const modal = open && (
    <LazyImportStatementModal
      wallet={{ walletId: open.walletId, walletName: walletName(open.walletId) }}
      review={open}
      onClose={() => setOpen(null)}
    />
  );
  const notices =
    troubled.length === 0 && waiting.length === 0 ? null : (
      <section aria-label="Bank connections" className="mb-3">
        {troubled.map((connection) => (
          <Alert
            key={connection.id}
            variant={connection.status === 'DISCONNECTED' ? 'danger' : 'warning'}
            className="py-2"
          >
            <strong>{connection.label}:</strong> {connection.lastError ?? 'This connection needs attention.'}{' '}
            <Link to="/manageaccount">Bank connections in Manage Account</Link>
          </Alert>
        ))}
        {waiting.map((preview) => (
          <Alert
            key={preview.id}
            variant="info"
            className="py-2 d-flex flex-wrap align-items-center justify-content-between gap-2"
          >
            <span>
              <strong>{reviewHeadline(preview.rows.length)}</strong> in {walletName(preview.walletId)} (
              {preview.fileName})
            </span>
            <Button size="sm" onClick={() => setOpen(preview)}>
              Review
            </Button>
          </Alert>
        ))}
      </section>
    );
  return (
    <>
      {notices}
      {modal}
    </>
  );
}
