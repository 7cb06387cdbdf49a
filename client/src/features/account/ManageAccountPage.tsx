import { useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { ROUTES } from '../../app/routing/paths';
import { ManageAccountDocument } from '../../gql/graphql';
import { AccountDetails } from './AccountDetails';
import { ApiTokensSection } from './ApiTokensSection';
import { BankConnectionsSection } from '../bank/BankConnectionsSection';
import { CalendarFeedsSection } from './CalendarFeedsSection';
import { HouseholdSection } from './HouseholdSection';
import { RemindersSection } from './RemindersSection';
import { SignInSecuritySection } from './SignInSecuritySection';
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
            <Link to={ROUTES.manageaccount} className="btn btn-outline-primary btn-sm">
              Return to Manage Account
            </Link>
            <Link to={ROUTES.userhome} className="btn btn-primary btn-sm">
              Go to Dashboard
            </Link>
          </div>
        </Alert>
      )}
      {data ? (
        <>
          <AccountDetails key={data.me.id} me={data.me} />
          <Card as="section" aria-labelledby="password-title" className="mb-4 shadow-sm">
            <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-2">
              <div>
                <Card.Title as="h2" id="password-title" className="h5 mb-1">
                  Password
                </Card.Title>
                <p className="text-muted mb-0">Change the password you sign in with.</p>
              </div>
              <Link to={ROUTES.changepassword} className="btn btn-outline-primary">
                Change Password
              </Link>
            </Card.Body>
          </Card>
          <SignInSecuritySection
            twoFactorEnabled={data.me.twoFactorEnabled}
            recoveryCodesLeft={data.me.recoveryCodesLeft}
          />
          <SubscriptionSection subscription={data.me.subscription} />
          <HouseholdSection />
          <RemindersSection />
          <CalendarFeedsSection />
          <BankConnectionsSection />
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
