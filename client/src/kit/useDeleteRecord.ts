import { useState } from 'react';
import { toDeleteError } from '../app/apollo/errors';

/**
 * The delete flow of a manage tab: ask through the confirmation modal, call delete on Confirm,
 * and report 'Could not delete record' (refused) or 'Delete failed' (the call failed).
 */
export function useDeleteRecord<T>(remove: (row: T) => Promise<boolean>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    setError(null);
    try {
      const deleted = await remove(target);
      if (!deleted) setError('Could not delete record');
    } catch (caught) {
      setError(toDeleteError(caught));
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  return {
    target,
    busy,
    error,
    ask: (row: T) => {
      setError(null);
      setTarget(row);
    },
    cancel: () => setTarget(null),
    confirm,
    dismissError: () => setError(null),
  };
}

export type DeleteRecord<T> = ReturnType<typeof useDeleteRecord<T>>;
