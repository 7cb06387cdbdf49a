import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

export interface ConfirmModalProps {
  show: boolean;
  title: string;
  message: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  /** True while the confirmed action runs: both buttons are disabled. */
  busy?: boolean;
  confirmVariant?: string;
  /** The buttons' words; say what each one does where 'Cancel' would be ambiguous. */
  cancelLabel?: string;
  confirmLabel?: string;
}

/** A yes/no question: a title, a message, and Cancel and Confirm buttons (or named ones). */
export function ConfirmModal({
  show,
  title,
  message,
  onCancel,
  onConfirm,
  busy = false,
  confirmVariant = 'danger',
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
}: ConfirmModalProps) {
  return (
    <Modal show={show} onHide={busy ? undefined : onCancel} centered aria-labelledby="confirm-modal-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-modal-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {busy && (
            <Spinner
              as="span"
              size="sm"
              animation="border"
              role="status"
              aria-hidden="true"
              className="me-1"
            />
          )}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
