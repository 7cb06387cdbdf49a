import { useId } from 'react';
import { ENTITY_NAME_MAX } from '@truenet/core';
import Form from 'react-bootstrap/Form';
import { Field, hintIdOf } from '../components/Field';
import { lengthFeedback } from './lengthLimit';
import { suggestionLabel } from './domain';

export interface NameSuggestion {
  name: string;
  url: string | null | undefined;
}

interface SuggestNameFieldProps {
  id: string;
  label: string;
  value: string;
  suggestions: readonly NameSuggestion[];
  error?: string;
  /** Longer names are refused at once with the limit (never cut). */
  maxLength?: number;
  onChange: (name: string) => void;
  /** Called when a listed suggestion is picked: fills both the name and the URL. */
  onPick: (suggestion: NameSuggestion) => void;
  onBlur?: () => void;
}

/**
 * A name field with a suggestion list whose entries read 'name (url: address)'. Picking an entry
 * fills the name and the URL.
 */
export function SuggestNameField({
  id,
  label,
  value,
  suggestions,
  error,
  maxLength = ENTITY_NAME_MAX,
  onChange,
  onPick,
  onBlur,
}: SuggestNameFieldProps) {
  const listId = useId();
  const length = lengthFeedback(value, maxLength);
  const shownError = length.error ?? error;

  function handleChange(text: string) {
    const picked = suggestions.find((s) => suggestionLabel(s.name, s.url) === text);
    if (picked) {
      onPick(picked);
      return;
    }
    onChange(text);
  }

  return (
    <Field id={id} label={label} error={shownError} hint={length.hint}>
      <Form.Control
        type="text"
        list={listId}
        autoComplete="off"
        value={value}
        isInvalid={Boolean(shownError)}
        aria-describedby={length.hint ? hintIdOf(id) : undefined}
        onChange={(e) => handleChange(e.target.value)}
        onBlur={onBlur}
      />
      <datalist id={listId}>
        {suggestions.map((s) => {
          const text = suggestionLabel(s.name, s.url);
          return <option key={text} value={text} />;
        })}
      </datalist>
    </Field>
  );
}
