import { useQuery } from '@apollo/client/react';
import { DashboardViewerDocument } from '../../gql/graphql';

/**
 * The household the account works in, as the dashboard needs it: whether it is shared (then rows
 * say who made them, 'by Ada'), the person's role, and whether its data may change now. Read
 * through the dashboard's own account query, which its first screen answers.
 */
export function useHousehold() {
  const { data } = useQuery(DashboardViewerDocument);
  const household = data?.household ?? null;
  return { household, shared: isShared(household) };
}

/** Whether others share the household (then rows say who made them). */
export function isShared(household: { members: readonly unknown[] } | null): boolean {
  return (household?.members.length ?? 0) > 1;
}

/** ' by Ada' when the household is shared and the row knows who made it; nothing otherwise. */
export function byWhom(shared: boolean, enteredBy: string | null | undefined): string {
  return shared && enteredBy ? ` by ${enteredBy}` : '';
}
