import { useId, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { Field, hintIdOf } from './Field';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The control's id; a generated one when absent. */
  id?: string;
  /** Whether the current value is acceptable; shown as invalid once the field was left or submitted. */
  valid?: boolean;
  /** Show the invalid state now (e.g. after an invalid submit). */
  showErrors?: boolean;
  hint?: ReactNode;
  invalidText?: string;
  type?: 'text' | 'email';
  inputMode?: 'numeric';
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  as?: 'input' | 'textarea';
  rows?: number;
  className?: string;
}

/** A labelled, required input with an optional hint and an invalid message. */
export function TextField({
  label,
  value,
  onChange,
  id,
  valid = true,
  showErrors = false,
  hint,
  invalidText,
  type = 'text',
  inputMode,
  maxLength,
  autoComplete,
  autoFocus,
  disabled,
  as = 'input',
  rows,
  className,
}: TextFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const [touched, setTouched] = useState(false);
  return (
    <Field id={controlId} label={label} hint={hint} error={invalidText} className={className}>
      <Form.Control
        {...(as === 'textarea' ? { as: 'textarea' as const, rows } : { type })}
        inputMode={inputMode}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        isInvalid={!valid && (touched || showErrors)}
        aria-describedby={hint ? hintIdOf(controlId) : undefined}
        required
      />
    </Field>
  );
}
