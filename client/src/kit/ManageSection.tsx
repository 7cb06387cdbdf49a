import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../components/ConfirmModal';
import { useCanWrite } from './access';
import type { ManagedList } from './useManagedList';

interface ManageSectionProps<T> {
  title: string;
  addLabel: string;
  list: ManagedList<T>;
  loadingText: string;
  /** The list failed to load: 'error getting …'. */
  loadErrorText: string;
  emptyText: string;
  /** The delete confirmation: its title, and its question about the row (null while it closes). */
  deleteTitle: string;
  deleteMessage: (row: T | null) => ReactNode;
  /** The table's head and body. */
  children: ReactNode;
  /** Beside the add button: other ways to fill the list. */
  actions?: ReactNode;
}

/**
 * The frame of a manage tab: title, add button, loading/empty/error states, the table, and the
 * delete confirmation.
 */
export function ManageSection<T>({
  title,
  addLabel,
  list,
  loadingText,
  loadErrorText,
  emptyText,
  deleteTitle,
  deleteMessage,
  children,
  actions,
}: ManageSectionProps<T>) {
  const canWrite = useCanWrite();
  const { removal } = list;
  return (
    <>
      <section aria-label={title}>
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 className="h4 mb-0">{title}</h2>
          <div className="d-flex flex-wrap gap-2">
            {actions}
            <Button variant="primary" onClick={list.openAdd} disabled={!canWrite}>
              {addLabel}
            </Button>
          </div>
        </div>
        <div role="status" aria-live="polite">
          {removal.error && (
            <Alert variant="danger" dismissible onClose={removal.dismissError}>
              {removal.error}
            </Alert>
          )}
        </div>
        {list.loading ? (
          <p>
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
            {loadingText}
          </p>
        ) : list.loadFailed ? (
          <Alert variant="danger">{loadErrorText}</Alert>
        ) : list.rows.length === 0 ? (
          <p className="text-muted">{emptyText}</p>
        ) : (
          <Table striped bordered hover responsive size="sm" className="align-middle tn-stack">
            {children}
          </Table>
        )}
      </section>
      <ConfirmModal
        show={removal.target !== null}
        title={deleteTitle}
        message={deleteMessage(removal.target)}
        busy={removal.busy}
        onCancel={removal.cancel}
        onConfirm={removal.confirm}
      />
    </>
  );
}

/** A row's Edit button, named for the row. */
export function EditCell({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <td className="tn-stack-action">
      <Button size="sm" variant="outline-primary" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
    </td>
  );
}

/** A row's Delete button, named for the row; it asks before deleting. */
export function DeleteCell({ name, onDelete }: { name: string; onDelete: () => void }) {
  const canWrite = useCanWrite();
  return (
    <td className="tn-stack-action">
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Delete ${name}`}
        disabled={!canWrite}
        onClick={onDelete}
      >
        Delete
      </Button>
    </td>
  );
}
