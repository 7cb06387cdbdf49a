import Form from 'react-bootstrap/Form';
import { Field } from '../components/Field';

interface WebsiteFieldProps {
  id: string;
  value: string;
  error?: string;
  onChange: (url: string) => void;
  onBlur: () => void;
}

/** The optional Website of an income source or an expense. */
export function WebsiteField({ id, value, error, onChange, onBlur }: WebsiteFieldProps) {
  return (
    <Field id={id} label="Website" error={error}>
      <Form.Control
        type="text"
        inputMode="url"
        maxLength={255}
        value={value}
        isInvalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

interface NotesFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (notes: string) => void;
}

/** Free notes of a record: up to 255 characters. */
export function NotesField({ id, label, value, onChange }: NotesFieldProps) {
  return (
    <Field id={id} label={label}>
      <Form.Control
        as="textarea"
        rows={4}
        maxLength={255}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** The options of a code select: 'Choose ...' first, then one per code. */
export function ChooseOptions({ options }: { options: readonly { code: string; label: string }[] }) {
  return (
    <>
      <option value="">Choose ...</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.label}
        </option>
      ))}
    </>
  );
}
