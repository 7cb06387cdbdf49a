import { useId, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Whether the current value is acceptable; shown as invalid once the field was left or submitted. */
  valid?: boolean;
  /** Show the invalid state now (e.g. after an invalid submit). */
  showErrors?: boolean;
  hint?: ReactNode;
  invalidText?: string;
  type?: 'text' | 'email';
  maxLength?: number;
  autoComplete?: string;
  disabled?: boolean;
  as?: 'input' | 'textarea';
  rows?: number;
  className?: string;
}

/** A labelled input with an optional hint and an invalid message. */
export function TextField({
  label,
  value,
  onChange,
  valid = true,
  showErrors = false,
  hint,
  invalidText,
  type = 'text',
  maxLength,
  autoComplete,
  disabled,
  as = 'input',
  rows,
  className = 'mb-3',
}: TextFieldProps) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const invalid = !valid && (touched || showErrors);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(as === 'textarea' ? { as: 'textarea' as const, rows } : { type })}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        isInvalid={invalid}
        aria-describedby={hintId}
        required
      />
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
      {invalidText && <Form.Control.Feedback type="invalid">{invalidText}</Form.Control.Feedback>}
    </Form.Group>
  );
}
