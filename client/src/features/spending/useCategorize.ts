import { useMutation } from '@apollo/client/react';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { CategorizeRowDocument, SplitLedgerRowDocument } from '../../gql/graphql';

/** The queries a row's new category changes: the totals, the category lists and what is left to sort. */
export const SPENDING_VIEWS = ['SpendingByCategory', 'SpendingRows', 'RowsToSort'];

/**
 * Putting a row in a category, or splitting it: each answers the row, then the Spending tab's
 * views are asked again (a choice with 'Always for' moves other rows too). Failures come back as
 * a sentence for people.
 */
export function useCategorize() {
  const [categorize, categorizing] = useMutation(CategorizeRowDocument, { refetchQueries: SPENDING_VIEWS });
  const [split, splitting] = useMutation(SplitLedgerRowDocument, { refetchQueries: SPENDING_VIEWS });
  return {
    busy: categorizing.loading || splitting.loading,
    /** Resolves to how many other rows moved, or rejects with a message for people. */
    async choose(rowId: string, categoryId: string | null, always: boolean): Promise<number> {
      try {
        const result = await categorize({
          variables: { rowId, categoryId, remember: always, applyToPast: always },
        });
        return result.data?.categorize.alsoChanged ?? 0;
      } catch (error) {
        throw new Error(
          serverMessageOr(describeFailure(error), 'The category could not be saved. Try again.'),
          {
            cause: error,
          },
        );
      }
    },
    async split(rowId: string, parts: { categoryId: string; amount: number }[]): Promise<void> {
      try {
        await split({ variables: { rowId, parts } });
      } catch (error) {
        throw new Error(serverMessageOr(describeFailure(error), 'The split could not be saved. Try again.'), {
          cause: error,
        });
      }
    },
  };
}
