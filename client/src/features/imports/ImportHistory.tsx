import { useQuery } from '@apollo/client/react';
import Button from 'react-bootstrap/Button';
import { ImportBatchesDocument, type ImportBatchRowFragment } from '../../gql/graphql';
import { displayDateTime } from '../../kit/dates';
import { batchSummary } from './importView';

interface ImportHistoryProps {
  walletId: string;
  /** The batch being undone, whose button shows it. */
  undoing: string | null;
  onUndo: (batch: ImportBatchRowFragment) => void;
}

/** The wallet's imports, newest first, each with its summary and, until undone, its Undo. */
export function ImportHistory({ walletId, undoing, onUndo }: ImportHistoryProps) {
  const { data } = useQuery(ImportBatchesDocument, {
    variables: { walletId },
    fetchPolicy: 'cache-and-network',
  });
  const batches = data?.importBatches ?? [];
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="import-history-title" className="mt-4">
      <h3 id="import-history-title" className="h6">
        Imported before into this wallet
      </h3>
      <ul className="list-unstyled mb-0 tn-import-history">
        {batches.map((batch) => (
          <li key={batch.id} className="d-flex flex-wrap align-items-center gap-2 py-2 border-top">
            <div className="flex-grow-1 min-w-0">
              <div className="text-break fw-semibold">{batch.fileName}</div>
              <div className="small text-muted">
                {displayDateTime(batch.createdAt)} · {batchSummary(batch)}
                {batch.undoneAt && ` Undone ${displayDateTime(batch.undoneAt)}.`}
              </div>
            </div>
            {!batch.undoneAt && (
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => onUndo(batch)}
                disabled={undoing !== null}
                aria-label={`Undo the import of ${batch.fileName}`}
              >
                {undoing === batch.id ? 'Undoing…' : 'Undo'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
