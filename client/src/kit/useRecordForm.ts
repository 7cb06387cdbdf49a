import { useCallback, useMemo, useState } from 'react';
import { INVALID_FIELDS } from '@truenet/core';
import { toSaveError, type SaveError } from '../app/apollo/errors';
import type { FieldErrors } from './domain';

/**
 * State of an add/edit modal's form: values, which fields were touched, field errors, and the save
 * lifecycle ('Saving Record ...', 'Bad Request', 'Save data failed', 'Some fields are not valid').
 */
export function useRecordForm<T extends object>(
  initial: T,
  validate: (values: T) => FieldErrors<keyof T & string>,
) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<SaveError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const errors = useMemo(() => validate(values), [validate, values]);
  const valid = Object.keys(errors).length === 0;

  const setField = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setNotice(null);
  }, []);

  const touch = useCallback((key: keyof T) => setTouched((current) => ({ ...current, [key]: true })), []);

  /** The message to show under a field: only once the user left it or tried to save. */
  function fieldError(key: keyof T & string): string | undefined {
    return touched[key] || submitted ? errors[key] : undefined;
  }

  /** What a control needs to show its field's state: invalid per fieldError, touched when left. */
  function control(key: keyof T & string) {
    return { isInvalid: Boolean(fieldError(key)), onBlur: () => touch(key) };
  }

  const reset = useCallback((next: T) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setError(null);
    setSaving(false);
  }, []);

  /** Runs the save when the form is valid; resolves true when it succeeded. */
  async function submit(run: (values: T) => Promise<unknown>): Promise<boolean> {
    setSubmitted(true);
    setNotice(null);
    if (!valid) {
      setError({ message: INVALID_FIELDS });
      return false;
    }
    setSaving(true);
    setError(null);
    try {
      await run(values);
      setSaving(false);
      return true;
    } catch (caught) {
      setSaving(false);
      setError(toSaveError(caught));
      return false;
    }
  }

  /**
   * Saves the record: an edit then closes the modal; an add clears the form for the next entry and
   * says so ('… saved. Enter another or Close.').
   */
  async function save(
    run: (values: T) => Promise<unknown>,
    then: { editing: boolean; onClose: () => void; empty: T; addedNotice: string },
  ): Promise<void> {
    if (!(await submit(run))) return;
    if (then.editing) {
      then.onClose();
      return;
    }
    reset(then.empty);
    setNotice(then.addedNotice);
  }

  return {
    values,
    setValues,
    setField,
    touch,
    fieldError,
    control,
    errors,
    valid,
    saving,
    error,
    notice,
    setNotice,
    reset,
    submit,
    save,
  };
}

export type RecordForm<T extends object> = ReturnType<typeof useRecordForm<T>>;
