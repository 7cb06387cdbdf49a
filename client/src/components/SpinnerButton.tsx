import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

type SpinnerButtonProps = ButtonProps & {
  /** A request is running: the button shows the spinner and its wording and is disabled. */
  busy: boolean;
  busyLabel: string;
};

/** A button that turns into a spinner with the specification's wording while its request runs. */
export function SpinnerButton({ busy, busyLabel, disabled, children, ...rest }: SpinnerButtonProps) {
  return (
    <Button {...rest} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
