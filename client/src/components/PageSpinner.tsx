import Spinner from 'react-bootstrap/Spinner';

/**
 * A centred spinner with its wording, for a page that waits on a request. As tall as the screen, so
 * that the footer is not seen to jump down when the page comes.
 */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div
      className="tn-page-spinner d-flex align-items-center justify-content-center gap-2 py-5"
      role="status"
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
