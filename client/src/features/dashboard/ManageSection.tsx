import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useCanWrite } from './access';

interface ManageSectionProps {
  title: string;
  addLabel: string;
  onAdd: () => void;
  loading: boolean;
  loadingText: string;
  /** The list failed to load: 'error getting …'. */
  loadError: string | null;
  empty: boolean;
  emptyText: string;
  deleteError: string | null;
  onDismissDeleteError: () => void;
  children: ReactNode;
}

/** The frame of a manage tab: title, add button, loading/empty/error states, then the table. */
export function ManageSection({
  title,
  addLabel,
  onAdd,
  loading,
  loadingText,
  loadError,
  empty,
  emptyText,
  deleteError,
  onDismissDeleteError,
  children,
}: ManageSectionProps) {
  const canWrite = useCanWrite();
  return (
    <section aria-label={title}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0">{title}</h2>
        <Button variant="primary" onClick={onAdd} disabled={!canWrite}>
          {addLabel}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {deleteError && (
          <Alert variant="danger" dismissible onClose={onDismissDeleteError}>
            {deleteError}
          </Alert>
        )}
      </div>
      {loading ? (
        <p>
          <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
          {loadingText}
        </p>
      ) : loadError ? (
        <Alert variant="danger">{loadError}</Alert>
      ) : empty ? (
        <p className="text-muted">{emptyText}</p>
      ) : (
        children
      )}
    </section>
  );
}
