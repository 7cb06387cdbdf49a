import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { useSession } from '../../app/session/SessionProvider';
import { INVALID_ENTRIES, INVALID_FORM, LIMITS, isValidEmail, isValidName } from '../../app/validation';
import { SendContactMessageDocument } from '../../gql/graphql';

type ContactState = 'idle' | 'sending' | 'sent' | 'error';

/** Contact form (route contactus): idle, sending, then sent or error; cleared on success. */
export function ContactPage() {
  const { account } = useSession();
  const [senderName, setSenderName] = useState(account ? `${account.firstName} ${account.lastName}` : '');
  const [senderEmail, setSenderEmail] = useState(account?.email ?? '');
  const [message, setMessage] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [state, setState] = useState<ContactState>('idle');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [send] = useMutation(SendContactMessageDocument);

  const checks = {
    name: isValidName(senderName, LIMITS.contactName),
    email: isValidEmail(senderEmail.trim()),
    message: message.trim().length > 0 && message.length <= LIMITS.contactMessage,
  };
  const valid = checks.name && checks.email && checks.message;
  const sending = state === 'sending';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (honeypot) {
      setFeedback({ variant: 'danger', text: INVALID_FORM });
      return;
    }
    if (!valid) {
      setFeedback({ variant: 'danger', text: INVALID_ENTRIES });
      return;
    }
    setState('sending');
    setFeedback(null);
    try {
      await send({
        variables: {
          input: { senderName: senderName.trim(), senderEmail: senderEmail.trim(), message: message.trim() },
        },
      });
      setState('sent');
      setFeedback({ variant: 'success', text: 'Message Sent' });
      setSenderName('');
      setSenderEmail('');
      setMessage('');
      setSubmitted(false);
    } catch {
      setState('error');
      setFeedback({ variant: 'danger', text: 'Error sending message. Try again later.' });
    }
  };

  return (
    <Card className="tn-medium shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h1" className="h3 mb-1">
          Contact Us
        </Card.Title>
        <p className="text-muted mb-4">Send us a message and we will answer within 48 hours.</p>
        <Form noValidate onSubmit={onSubmit} aria-label="Contact us">
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <TextField
            label="Name"
            value={senderName}
            onChange={setSenderName}
            valid={checks.name}
            showErrors={submitted}
            invalidText="Enter your name."
            maxLength={LIMITS.contactName}
            autoComplete="name"
            disabled={sending}
          />
          <TextField
            label="Email"
            type="email"
            value={senderEmail}
            onChange={setSenderEmail}
            valid={checks.email}
            showErrors={submitted}
            invalidText="Enter a valid e-mail address."
            maxLength={LIMITS.email}
            autoComplete="email"
            disabled={sending}
          />
          <TextField
            label="Message"
            as="textarea"
            rows={6}
            value={message}
            onChange={setMessage}
            valid={checks.message}
            showErrors={submitted}
            hint={`${message.length} / ${LIMITS.contactMessage}`}
            invalidText="Enter a message (up to 1000 characters)."
            maxLength={LIMITS.contactMessage}
            disabled={sending}
          />
          <FormMessage feedback={feedback} />
          <SpinnerButton
            type="submit"
            variant="primary"
            busy={sending}
            busyLabel="Sending ..."
            disabled={!valid}
          >
            Send Message
          </SpinnerButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
