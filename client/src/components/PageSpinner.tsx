import Spinner from 'react-bootstrap/Spinner';

/** A centred spinner with its wording, for a page that waits on a request (as tall as the screen). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="tn-screen-tall d-flex align-items-center justify-content-center gap-2 py-5" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
