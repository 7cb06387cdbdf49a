import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SendContactMessageDocument } from '../../gql/graphql';
import { renderScreen } from '../../app/testing/render';
import { simulatePageLoad } from '../../app/testing/session';
import { ContactPage } from './ContactPage';

const input = { senderName: 'Jane Doe', senderEmail: 'jane@example.com', message: 'How do I add a wallet?' };

function renderContact(mock?: object) {
  const mocks = mock
    ? [{ request: { query: SendContactMessageDocument, variables: { input } }, ...mock }]
    : [];
  return renderScreen(<ContactPage />, { path: '/contactus', mocks });
}

async function fill() {
  await userEvent.type(screen.getByLabelText('Name'), input.senderName);
  await userEvent.type(screen.getByLabelText('Email'), input.senderEmail);
  await userEvent.type(screen.getByLabelText('Message'), input.message);
}

const send = () => screen.getByRole('button', { name: 'Send Message' });

beforeEach(() => simulatePageLoad({ flag: false }));

describe('ContactPage', () => {
  it('limits the name to 75 and the message to 1000 characters; Send stays disabled until valid', async () => {
    renderContact();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '75');
    expect(screen.getByLabelText('Message')).toHaveAttribute('maxLength', '1000');
    expect(send()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Jane');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Message'), 'Hi');
    expect(send()).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    expect(send()).toBeEnabled();
  });

  it("shows 'Some entries are invalid. Check and try again.' on an invalid submit", async () => {
    renderContact();
    fireEvent.submit(screen.getByRole('form', { name: 'Contact us' }));
    expect(await screen.findByText('Some entries are invalid. Check and try again.')).toBeInTheDocument();
  });

  it("rejects a filled honeypot with 'Invalid form' and sends nothing", async () => {
    const server = jest.fn(() => ({ data: { sendContactMessage: true } }));
    renderContact({ result: server });
    fireEvent.change(screen.getByTestId('honeypot'), { target: { value: 'bot' } });
    await fill();
    await userEvent.click(send());
    expect(await screen.findByText('Invalid form')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  it("goes idle → sending → sent: 'Message Sent', and the form is cleared", async () => {
    renderContact({ result: { data: { sendContactMessage: true } }, delay: 100 });
    await fill();
    await userEvent.click(send());
    expect(screen.getByRole('button', { name: 'Sending ...' })).toBeDisabled();
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows no field errors on the cleared form after Message Sent, only once touched again', async () => {
    renderContact({ result: { data: { sendContactMessage: true } } });
    await fill();
    await userEvent.click(send());
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Message']) {
      expect(screen.getByLabelText(label)).not.toHaveClass('is-invalid');
    }
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(screen.getByLabelText('Email')).toHaveClass('is-invalid');
    expect(screen.getByLabelText('Name')).not.toHaveClass('is-invalid');
  });

  it("shows 'Error sending message. Try again later.' and keeps the form on failure", async () => {
    renderContact({ error: new TypeError('Failed to fetch') });
    await fill();
    await userEvent.click(send());
    expect(await screen.findByText('Error sending message. Try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue(input.message);
    await waitFor(() => expect(send()).toBeEnabled());
  });

  it('promises an answer within 48 hours', () => {
    renderContact();
    expect(screen.getByText(/within 48 hours/)).toBeInTheDocument();
  });
});
