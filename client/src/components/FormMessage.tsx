import Alert from 'react-bootstrap/Alert';

export interface Feedback {
  variant: 'success' | 'danger' | 'info';
  text: string;
}

/** The outcome of a form, announced to screen readers. */
export function FormMessage({ feedback }: { feedback: Feedback | null }) {
  return (
    <div aria-live="assertive">
      {feedback && (
        <Alert
          variant={feedback.variant}
          className="py-2"
          role={feedback.variant === 'danger' ? 'alert' : 'status'}
        >
          {feedback.text}
        </Alert>
      )}
    </div>
  );
}
