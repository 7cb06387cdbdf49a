import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

/**
 * The short confirmation after an action that moved money, at the bottom of the screen where a
 * thumb just pressed (the action may be far below the page's top on a phone). The live region
 * stays mounted, so screen readers announce each new message; it goes by itself after a while.
 */
export function ActionToast({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <ToastContainer position="bottom-center" containerPosition="fixed" className="p-3">
      <div role="status" aria-live="polite" aria-atomic="true">
        <Toast
          show={message !== null}
          onClose={onClose}
          delay={5000}
          autohide
          bg="success"
          role={undefined}
          aria-live={undefined}
          aria-atomic={undefined}
        >
          <Toast.Body className="d-flex align-items-center gap-3 text-white">
            <span className="flex-grow-1">{message}</span>
            <CloseButton variant="white" aria-label="Dismiss" onClick={onClose} />
          </Toast.Body>
        </Toast>
      </div>
    </ToastContainer>
  );
}
