import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { forgetDestination, rememberDestination } from '../../app/routing/destination';
import { ROUTES } from '../../app/routing/paths';
import { useSession } from '../../app/session/SessionProvider';
import { isSignedIn } from '../../app/session/sessionStore';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import { AcceptInvitationDocument, InvitationPreviewDocument } from '../../gql/graphql';
import { forgetInvitation, invitationPath, rememberInvitation } from './pendingInvitation';
import { useHouseholdChange } from './useHouseholdChange';

const AS_ROLE = { OWNER: 'its owner', EDITOR: 'an editor', VIEWER: 'a viewer' } as const;
const CAN = {
  OWNER: 'manage it',
  EDITOR: 'see and update its wallets, income and bills',
  VIEWER: 'see its wallets, income and bills',
} as const;

/**
 * `#/invitation/<token>`: who invites to what, shown before anyone signs in; then join (signed in
 * with the invited address), or sign in, or create an account without a payment.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const navigate = useNavigate();
  const changed = useHouseholdChange();
  const { data, loading, error } = useQuery(InvitationPreviewDocument, { variables: { token } });
  const [accept, accepting] = useMutation(AcceptInvitationDocument);
  const [failed, setFailed] = useState<string | null>(null);
  const invitation = data?.invitation;

  useEffect(() => {
    if (invitation && !invitation.expired) rememberInvitation(token);
  }, [invitation, token]);

  const onJoin = async () => {
    setFailed(null);
    try {
      const { data: joined } = await accept({ variables: { token } });
      forgetInvitation();
      forgetDestination();
      if (joined) await changed(joined.acceptInvitation.id);
      void navigate(ROUTES.userhome, { replace: true });
    } catch (failure) {
      setFailed(serverMessageOr(describeFailure(failure), 'Could not join the household. Try again.'));
    }
  };

  const signInFirst = () => {
    rememberDestination(invitationPath(token));
    void navigate(ROUTES.loginhome);
  };

  return (
    <Card className="tn-medium shadow-sm">
      <Card.Body className="p-4">
        {loading ? (
          <PageSpinner label="Loading the invitation ..." />
        ) : error || !invitation ? (
          <>
            <Card.Title as="h1" className="h3">
              Invitation
            </Card.Title>
            <Alert variant="warning" className="mb-0">
              {serverMessageOr(
                describeFailure(error),
                'This invitation link is not valid. Ask for a new one.',
              )}
            </Alert>
          </>
        ) : (
          <>
            <Card.Title as="h1" className="h3 mb-3">
              Join {invitation.householdName}
            </Card.Title>
            <p>
              <strong>{invitation.invitedBy}</strong> invites <strong>{invitation.email}</strong> to join{' '}
              <strong>{invitation.householdName}</strong> on TrueNet as {AS_ROLE[invitation.role]}: you will{' '}
              {CAN[invitation.role]}. You need no subscription of your own.
            </p>
            {invitation.expired ? (
              <Alert variant="warning" className="mb-0">
                This invitation can no longer be used. Ask {invitation.invitedBy} for a new one.
              </Alert>
            ) : signedIn && (session.account?.accountStatus ?? 1) >= 999 ? (
              <>
                <p>Verify your e-mail address first: the invitation is for that address.</p>
                <Link to={ROUTES.validateemail} className="btn btn-primary">
                  Verify your e-mail
                </Link>
              </>
            ) : signedIn ? (
              <>
                {failed && <Alert variant="danger">{failed}</Alert>}
                {failed?.startsWith('Verify your e-mail') ? (
                  <Link to={ROUTES.validateemail} className="btn btn-primary">
                    Verify your e-mail
                  </Link>
                ) : (
                  <SpinnerButton
                    busy={accepting.loading}
                    busyLabel="Joining ..."
                    onClick={() => void onJoin()}
                  >
                    Join {invitation.householdName}
                  </SpinnerButton>
                )}
              </>
            ) : (
              <div className="d-flex flex-wrap gap-2">
                <Link
                  to={`${ROUTES.createaccount}?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(invitation.email)}`}
                  className="btn btn-primary"
                >
                  Create an account
                </Link>
                <button type="button" className="btn btn-outline-primary" onClick={signInFirst}>
                  I have an account: sign in
                </button>
              </div>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
