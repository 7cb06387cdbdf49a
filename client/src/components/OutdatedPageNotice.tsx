import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useOutdatedPage } from '../app/outdatedPage';

/** Shown once the server no longer knows this page's requests: a newer TrueNet was deployed. */
export function OutdatedPageNotice() {
  const outdated = useOutdatedPage();
  if (!outdated) return null;
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-4" role="alert">
      <span className="me-auto">
        TrueNet has been updated. Reload the page to carry on with the new version; what you saved is kept.
      </span>
      <Button variant="primary" size="sm" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Alert>
  );
}
