import { useState, type FormEvent } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { saveFile } from '../../app/browser';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { ROUTES } from '../../app/routing/paths';
import { sessionStore } from '../../app/session/sessionStore';
import { INVALID_ENTRIES } from '../../app/validation';
import { DeleteAccountDocument, ExportMyDataDocument } from '../../gql/graphql';

/** Download everything stored about the user; delete the account with password confirmation. */
export function YourDataSection() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [exportFeedback, setExportFeedback] = useState<Feedback | null>(null);
  const [password, setPassword] = useState('');
  const [deleteFeedback, setDeleteFeedback] = useState<Feedback | null>(null);
  const [deleteAccount, { loading: deleting }] = useMutation(DeleteAccountDocument);

  const onExport = async () => {
    setExporting(true);
    setExportFeedback(null);
    try {
      const { data } = await client.query({ query: ExportMyDataDocument, fetchPolicy: 'network-only' });
      if (!data) throw new Error('no data');
      saveFile('truenet-my-data.json', data.exportMyData);
      setExportFeedback({ variant: 'success', text: 'Your data was downloaded.' });
    } catch (failure) {
      setExportFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to export your data. Try again later.'),
      });
    } finally {
      setExporting(false);
    }
  };

  const onDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setDeleteFeedback({ variant: 'danger', text: INVALID_ENTRIES });
      return;
    }
    setDeleteFeedback(null);
    try {
      const { data } = await deleteAccount({ variables: { password } });
      if (!data?.deleteAccount) throw new Error('not deleted');
      sessionStore.clear('signedOut');
      await client.clearStore();
      void navigate(ROUTES.landing, { replace: true });
    } catch (failure) {
      setDeleteFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to delete account'),
      });
    }
  };

  return (
    <>
      <Card as="section" aria-labelledby="your-data-title" className="mb-4 shadow-sm">
        <Card.Body>
          <Card.Title as="h2" id="your-data-title" className="h5 mb-3">
            Your data
          </Card.Title>
          <p>
            Download everything stored about you as a JSON file. This works at any time, with or without a
            subscription.
          </p>
          <FormMessage feedback={exportFeedback} />
          <SpinnerButton
            variant="outline-primary"
            busy={exporting}
            busyLabel="Preparing ..."
            onClick={onExport}
          >
            Download my data
          </SpinnerButton>
        </Card.Body>
      </Card>
      {/* Only what cannot be undone sits in the red box. */}
      <Card
        as="section"
        aria-labelledby="delete-account-title"
        className="mb-4 shadow-sm border-danger-subtle"
        data-testid="danger-zone"
      >
        <Card.Body>
          <Card.Title as="h2" id="delete-account-title" className="h5 mb-3 text-danger">
            Delete account
          </Card.Title>
          <p className="mb-2">
            Deleting your account removes your wallets, income, expenses and register for good, and ends your
            subscription. Enter your password to confirm.
          </p>
          <Form noValidate onSubmit={onDelete} aria-label="Delete account">
            <PasswordField
              id="delete-password"
              label="Password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              disabled={deleting}
            />
            <FormMessage feedback={deleteFeedback} />
            <SpinnerButton
              type="submit"
              variant="danger"
              busy={deleting}
              busyLabel="Deleting ..."
              disabled={!password}
            >
              Delete account
            </SpinnerButton>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}
