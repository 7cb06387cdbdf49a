import { useEffect, useRef } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';

/** How long a confirmation stays before it goes by itself. */
const SHOWN_MS = 5000;

/**
 * The short confirmation after an action that moved money, at the bottom of the screen where a
 * thumb just pressed (the action may be far below the page's top on a phone). The polite live
 * region stays mounted, so screen readers announce each new message without interrupting; it is
 * Bootstrap's toast markup by hand because react-bootstrap's Toast is always an assertive alert.
 */
export function ActionToast({ message, onClose }: { message: string | null; onClose: () => void }) {
  // The latest onClose, so that a parent's re-render does not restart the countdown.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => close.current(), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className="toast-container tn-toast-container p-3">
      <div role="status" aria-live="polite" aria-atomic="true">
        {message !== null && (
          <div className="toast show text-bg-success border-0">
            <div className="toast-body d-flex align-items-center gap-3">
              <span className="flex-grow-1">{message}</span>
              <CloseButton variant="white" aria-label="Dismiss" onClick={onClose} />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
