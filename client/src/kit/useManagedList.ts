import type { TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useDeleteRecord, type DeleteRecord } from './useDeleteRecord';
import { MONEY_VIEWS } from './moneyViews';

interface ManagedListOptions<TList, TRow, TDelete> {
  /** The tab's list query (the cache entry the sign-in prefetch fills). */
  list: TypedDocumentNode<TList, Record<string, never>>;
  rowsOf: (data: TList) => readonly TRow[];
  /** The delete mutation; the list and the analysis are fetched again after it. */
  remove: TypedDocumentNode<TDelete, { id: string }>;
  /** Whether the server deleted the row (false: 'Could not delete record'). */
  deletedOf: (data: TDelete) => boolean;
}

/**
 * The wiring of a manage tab: its list, which row the add/edit modal shows (row null adds), and
 * the delete flow.
 */
export function useManagedList<TList, TRow extends { id: string }, TDelete>({
  list,
  rowsOf,
  remove,
  deletedOf,
}: ManagedListOptions<TList, TRow, TDelete>): ManagedList<TRow> {
  const { data, loading, error } = useQuery(list);
  const [deleteRow] = useMutation(remove, { refetchQueries: [list, ...MONEY_VIEWS] });
  const [modal, setModal] = useState<{ row: TRow | null } | null>(null);
  const removal = useDeleteRecord<TRow>(async (row) => {
    const result = await deleteRow({ variables: { id: row.id } });
    return result.data ? deletedOf(result.data) : false;
  });

  return {
    rows: data ? rowsOf(data) : [],
    loading: loading && !data,
    loadFailed: Boolean(error) && !data,
    modal,
    openAdd: () => setModal({ row: null }),
    openEdit: (row: TRow) => setModal({ row }),
    close: () => setModal(null),
    removal,
  };
}

/** What a manage tab and its ManageSection read. */
export interface ManagedList<TRow> {
  rows: readonly TRow[];
  /** Loading with nothing to show yet (a refetch keeps the table). */
  loading: boolean;
  /** The list failed to load and there is nothing to show. */
  loadFailed: boolean;
  /** The add/edit modal: row null adds a new record; no modal while this is null. */
  modal: { row: TRow | null } | null;
  openAdd: () => void;
  openEdit: (row: TRow) => void;
  close: () => void;
  removal: DeleteRecord<TRow>;
}
