import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { DashboardWalletsDocument, FoundInYourBankDocument } from '../../gql/graphql';
import { AmountChangeNotices } from './AmountChangeNotices';
import { LazyRecurringReview } from './LazyRecurringReview';
import { foundHeadline } from './recurringView';

interface FoundProps {
  timeZone: string;
  canWrite: boolean;
}

/**
 * 'Found in your bank: 4 bills and 1 pay' on the Analysis tab, once imports or bank syncs have
 * brought history with recurring bills or pay not in the plan yet; it opens the review (fetched
 * when first opened). Above it, the amounts that changed at the bank. Nothing shows otherwise.
 */
export function FoundInYourBank({ timeZone, canWrite }: FoundProps) {
  // A sync or an import on another screen may have found more since this was last read: asked
  // again each time the tab is drawn (not part of the first screen's request).
  const { data } = useQuery(FoundInYourBankDocument, {
    variables: { timeZone },
    fetchPolicy: 'cache-and-network',
  });
  const wallets = useQuery(DashboardWalletsDocument);
  const [open, setOpen] = useState(false);
  const suggestions = data?.recurringSuggestions ?? [];
  const walletName = (walletId: string) =>
    wallets.data?.wallets.find((wallet) => wallet.id === walletId)?.walletName ?? 'Wallet';
  return (
    <>
      <AmountChangeNotices changes={data?.amountChanges ?? []} timeZone={timeZone} canWrite={canWrite} />
      {suggestions.length > 0 && (
        <Alert
          variant="info"
          className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-2"
          role="status"
          aria-label="Found in your bank"
        >
          <span>
            <strong>{foundHeadline(suggestions.map((suggestion) => suggestion.kind))}</strong>
            <span className="d-block small">Add them to your plan in a few clicks.</span>
          </span>
          <Button size="sm" onClick={() => setOpen(true)}>
            Review
          </Button>
        </Alert>
      )}
      {open && (
        <LazyRecurringReview
          walletName={walletName}
          timeZone={timeZone}
          canWrite={canWrite}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
