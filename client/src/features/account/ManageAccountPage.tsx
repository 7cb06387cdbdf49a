import { useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { ROUTES } from '../../app/routing/paths';
import { ManageAccountDocument } from '../../gql/graphql';
import { AccountDetails } from './AccountDetails';
import { ApiTokensSection } from './ApiTokensSection';
import { SubscriptionSection } from './SubscriptionSection';
import { YourDataSection } from './YourDataSection';

/** Manage account (routes manageaccount and manageaccount/{pmtsession}). */
export function ManageAccountPage() {
  const { pmtsession } = useParams();
  const { data, loading, error } = useQuery(ManageAccountDocument, { fetchPolicy: 'cache-and-network' });

  return (
    <div className="tn-medium">
      <h1 className="h3 mb-4">Manage Account</h1>
      {pmtsession && (
        <Alert variant="success">
          <p className="mb-3">Your payment method has been updated.</p>
          <div className="d-flex flex-wrap gap-2">
            <Link to={ROUTES.manageaccount} className="btn btn-outline-success btn-sm">
              Return to Manage Account
            </Link>
            <Link to={ROUTES.userhome} className="btn btn-success btn-sm">
              Go to Dashboard
            </Link>
          </div>
        </Alert>
      )}
      {data ? (
        <>
          <AccountDetails key={data.me.id} me={data.me} />
          <SubscriptionSection subscription={data.me.subscription} />
          <ApiTokensSection />
          <YourDataSection />
        </>
      ) : loading ? (
        <PageSpinner label="Loading account ..." />
      ) : (
        <Alert variant="danger">{error ? 'Problem loading your account. Refresh page.' : null}</Alert>
      )}
    </div>
  );
}
