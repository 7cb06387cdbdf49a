import Spinner from 'react-bootstrap/Spinner';

/** A button's text while its action runs: a small spinner and what is happening ('Saving ...'). */
export function Busy({ text }: { text: string }) {
  return (
    <>
      <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
      {text}
    </>
  );
}
