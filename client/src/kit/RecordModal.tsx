import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useCanWrite } from './access';
import type { RecordForm } from './useRecordForm';

export interface RecordModalProps {
  show: boolean;
  /** 'add' for a new record (id -1 in the specification), 'edit' for an existing one. */
  mode: 'add' | 'edit';
  /** 'Expense', 'Income' or 'Wallet': the title reads 'Add …' or 'Edit …'. */
  noun: string;
  /**
   * The form's save state: saving, valid, the error to announce ('Bad Request', 'Save data failed'
   * or 'Some fields are not valid') and the notice shown after a successful add.
   */
  form: Pick<RecordForm<object>, 'saving' | 'valid' | 'error' | 'notice'>;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The shell shared by the add/edit modals: title, a fieldset disabled while saving, a live region
 * for errors, and the footer buttons of the specification (add: Close / Save New Record;
 * edit: Cancel / Save Changes).
 */
export function RecordModal({
  show,
  mode,
  noun,
  form: { saving, valid, error, notice },
  onSubmit,
  onClose,
  children,
}: RecordModalProps) {
  const canWrite = useCanWrite();
  const title = `${mode === 'add' ? 'Add' : 'Edit'} ${noun}`;
  const titleId = `record-modal-${noun.toLowerCase()}-title`;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || !canWrite) return;
    onSubmit();
  }

  // With the save button disabled the browser will not submit on Enter; answer it anyway, so an
  // invalid submit says which state the form is in.
  function handleEnter(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || valid || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (!saving && canWrite) onSubmit();
  }

  return (
    // Scrollable: the body scrolls between a fixed header and footer, so Save stays in view on a
    // phone and at 1280×800 however long the form is.
    <Modal
      show={show}
      onHide={saving ? undefined : onClose}
      aria-labelledby={titleId}
      backdrop="static"
      scrollable
    >
      <Form
        noValidate
        onSubmit={handleSubmit}
        onKeyDown={handleEnter}
        aria-label={title}
        className="tn-modal-form"
      >
        <Modal.Header closeButton={!saving} closeLabel="Close dialog">
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset disabled={saving || !canWrite}>{children}</fieldset>
          <div role="status" aria-live="polite" className="mt-3">
            {saving && (
              <span>
                <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
                Saving Record ...
              </span>
            )}
            {error && (
              <Alert variant="danger" className="mb-0">
                <div>{error.message}</div>
                {error.detail && <div className="small">{error.detail}</div>}
              </Alert>
            )}
            {!error && !saving && notice && (
              <Alert variant="success" className="mb-0">
                {notice}
              </Alert>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {mode === 'add' ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" variant="primary" disabled={saving || !valid || !canWrite}>
            {mode === 'add' ? 'Save New Record' : 'Save Changes'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
