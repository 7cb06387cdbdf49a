import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** The id of a field's hint, for the control's aria-describedby. */
export function hintIdOf(id: string): string {
  return `${id}-hint`;
}

interface FieldProps {
  /** The control's id; the label points at it. */
  id: string;
  label: string;
  /** A muted line under the control, with the id hintIdOf(id). */
  hint?: ReactNode;
  /** The invalid message; it shows while the control inside is marked invalid. */
  error?: ReactNode;
  className?: string;
  /** The control: a Form.Control, Form.Select, MoneyInput or PasswordInput. */
  children: ReactNode;
}

/** A labelled control with its hint and invalid message: the frame every form field shares. */
export function Field({ id, label, hint, error, className = 'mb-3', children }: FieldProps) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children}
      {hint && (
        <Form.Text id={hintIdOf(id)} muted>
          {hint}
        </Form.Text>
      )}
      {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}
