import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import { NOT_A_DATE } from '@truenet/core';

type DateInputProps = Omit<ComponentProps<typeof Form.Control>, 'type' | 'value' | 'onChange'> & {
  /** `YYYY-MM-DD`, '' when empty, or NOT_A_DATE when what was typed is no date. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date field that tells "not a date" from "empty". The browser's date input answers '' both for
 * an empty field and for a date that does not exist (02/31/2026), so the form would say the date
 * is out of range; `validity.badInput` tells them apart. React's onChange stays silent when the
 * value goes from '' to '', so the check sits on the native input event.
 */
export function DateInput({ value, onChange, ...control }: DateInputProps) {
  return (
    <Form.Control
      {...control}
      type="date"
      value={value === NOT_A_DATE ? '' : value}
      onChange={(event) => onChange(event.target.value)}
      onInput={(event) => {
        const input = event.currentTarget;
        // Also when the field is emptied after a bad date: '' to '' is no change for React.
        onChange(input.validity.badInput ? NOT_A_DATE : input.value);
      }}
    />
  );
}
