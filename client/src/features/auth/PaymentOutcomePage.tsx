import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../app/routing/paths';
import { RetryCheckout } from './RetryCheckout';

/** Where the hosted checkout returns: `createaccount/{sessionId}` or `createaccount/failed…`. */
export function PaymentOutcomePage() {
  const { session = '' } = useParams();
  const failed = session.startsWith('failed');
  return (
    <Card className="tn-narrow shadow-sm text-center">
      <Card.Body className="p-4">
        {failed ? (
          <>
            <Card.Title as="h1" className="h3 mb-3">
              There was a problem with your payment
            </Card.Title>
            <Card.Text>No charge was made.</Card.Text>
            <RetryCheckout />
            <p className="small text-muted mt-3 mb-0">
              Not your account? <Link to={ROUTES.createaccount}>Create a different account</Link>
            </p>
          </>
        ) : (
          <>
            <Card.Title as="h1" className="h3 mb-3">
              Thank you for signing up
            </Card.Title>
            <Card.Text>
              Your 7 day free trial has started. Log in to verify your e-mail with the code we sent you, then
              set up your wallets, income and expenses.
            </Card.Text>
            <Link to={ROUTES.loginhome} className="btn btn-primary">
              Login
            </Link>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
