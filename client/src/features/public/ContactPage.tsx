import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { useSession } from '../../app/session/SessionProvider';
import {
  CONTACT_NAME_MAX,
  EMAIL_MAX,
  INVALID_ENTRIES,
  MESSAGE_MAX,
  MESSAGES,
  blockedFeedback,
  fieldErrorsOnly,
  isValid,
  validateContactMessage,
} from '../../app/validation';
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
  // A sent message starts a new form: its fields are untouched again, so they show no errors.
  const [formKey, setFormKey] = useState(0);
  const [send] = useMutation(SendContactMessageDocument);

  const errors = fieldErrorsOnly(validateContactMessage({ senderName, senderEmail, message }));
  const valid = isValid(errors);
  const sending = state === 'sending';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const blocked = blockedFeedback(honeypot, valid, INVALID_ENTRIES);
    setFeedback(blocked);
    if (blocked) return;
    setState('sending');
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
      setFormKey((key) => key + 1);
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
        <Form key={formKey} noValidate onSubmit={onSubmit} aria-label="Contact us">
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <TextField
            label="Name"
            value={senderName}
            onChange={setSenderName}
            valid={!errors.senderName}
            showErrors={submitted}
            invalidText={MESSAGES.contactName}
            maxLength={CONTACT_NAME_MAX}
            autoComplete="name"
            disabled={sending}
          />
          <TextField
            label="Email"
            type="email"
            value={senderEmail}
            onChange={setSenderEmail}
            valid={!errors.senderEmail}
            showErrors={submitted}
            invalidText={MESSAGES.email}
            maxLength={EMAIL_MAX}
            autoComplete="email"
            disabled={sending}
          />
          <TextField
            label="Message"
            as="textarea"
            rows={6}
            value={message}
            onChange={setMessage}
            valid={!errors.message}
            showErrors={submitted}
            hint={`${message.length} / ${MESSAGE_MAX}`}
            invalidText={errors.message ?? MESSAGES.messageRequired}
            maxLength={MESSAGE_MAX}
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
