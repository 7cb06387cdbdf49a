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
  describedBy?: string;
  disabled?: boolean;
}

/** A password field with a show/hide toggle. */
export function PasswordInput({
  id,
  value,
  onChange,
  maxLength = 75,
  autoComplete,
  isInvalid,
  describedBy,
  disabled,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup hasValidation>
      <Form.Control
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={isInvalid}
        aria-describedby={describedBy}
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
