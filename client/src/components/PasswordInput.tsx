import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Field, hintIdOf } from './Field';

interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  autoComplete: 'current-password' | 'new-password';
  isInvalid?: boolean;
  /** Said under the field while it is invalid (e.g. 'The passwords do not match'). */
  error?: ReactNode;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A password input with a show/hide toggle, inside PasswordField's group: the group's controlId
 * names the input (an `id` of its own too makes react-bootstrap warn).
 */
function PasswordInput({
  id,
  value,
  onChange,
  maxLength = 75,
  autoComplete,
  isInvalid,
  error,
  describedBy,
  disabled,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const describers = [describedBy, isInvalid && error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <InputGroup hasValidation>
      <Form.Control
        type={visible ? 'text' : 'password'}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={isInvalid}
        aria-describedby={describers || undefined}
        disabled={disabled}
        required
      />
      <Button
        variant="outline-secondary"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        aria-controls={id}
        disabled={disabled}
      >
        {visible ? 'Hide' : 'Show'}
      </Button>
      {/* Inside the group: Bootstrap shows the feedback after an invalid control of the same group. */}
      {isInvalid && error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </InputGroup>
  );
}

type PasswordFieldProps = Omit<PasswordInputProps, 'describedBy'> & {
  label: string;
  /** A muted line under the field (the password rules), read with the field. */
  hint?: ReactNode;
  className?: string;
};

/** A labelled password field with its optional hint. */
export function PasswordField({ label, hint, className, ...input }: PasswordFieldProps) {
  return (
    <Field id={input.id} label={label} hint={hint} className={className}>
      <PasswordInput {...input} describedBy={hint ? hintIdOf(input.id) : undefined} />
    </Field>
  );
}
