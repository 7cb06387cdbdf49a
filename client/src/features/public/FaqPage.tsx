import type { ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { Link } from 'react-router-dom';

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'What is my true net income?',
    answer: (
      <>
        It is your take-home pay minus the recurring expenses due before your next payday. If your paycheck is
        $2,000.00 and your mortgage ($1,400.00), phone ($150.00) and streaming ($21.00) are due before the
        next one, your true net income is $429.00: that is what you can really spend.
      </>
    ),
  },
  {
    question: 'Do I have to connect my bank?',
    answer:
      'No. You can enter what you spend and deposit by hand, import the statement file your bank gives you (OFX, QFX, QIF, CSV or CAMT.053), or connect your bank through SimpleFIN Bridge. TrueNet never asks for your bank password, and an imported or connected transaction is never counted twice.',
  },
  {
    question: 'Can my partner use it too?',
    answer:
      'Yes. Invite them to your household from Manage Account, as an editor who records money or a viewer who only reads. They need no subscription of their own, and every entry shows who made it.',
  },
  {
    question: 'How do I get started?',
    answer:
      'Say when you were last paid and how often, list your expenses with their next due dates, and enter the money on hand in each wallet. TrueNet recalculates as time goes by.',
  },
  {
    question: 'What does it cost?',
    answer:
      'Every account starts with a 7 day free trial. After it, you pay $14.95 a quarter or $29.95 a year. The yearly plan is the best deal: 50% savings, 6 months free.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'Open Manage Account and choose Cancel subscription. The cancellation takes effect at the end of your billing cycle and there are no more charges.',
  },
  {
    question: 'What is a wallet?',
    answer:
      'A wallet is any place you keep spendable money: a checking account, cash, or one account per earner in a two-income household. Each wallet keeps a register of its transactions for 28 days.',
  },
  {
    question: 'Can I get my data out?',
    answer:
      'Yes. Manage Account has a Download my data button that exports everything stored about you, at any time, even after your subscription ends.',
  },
  {
    question: 'Can I add TrueNet to my phone?',
    answer:
      "Yes. Open TrueNet in your phone's browser and choose Add to Home Screen (or Install app); it opens like an app.",
  },
  {
    question: 'How do I get help?',
    answer: (
      <>
        Support is by contact form only. Send us a message from the <Link to="/contactus">Contact Us</Link>{' '}
        page and we will answer within 48 hours.
      </>
    ),
  },
];

/** Common questions (route commonquestions). */
export function FaqPage() {
  return (
    <div className="tn-medium">
      <h1 className="h3 mb-4">Frequently Asked Questions</h1>
      <Accordion defaultActiveKey="0" alwaysOpen>
        {QUESTIONS.map((item, index) => (
          <Accordion.Item eventKey={String(index)} key={item.question}>
            <Accordion.Header as="h2">{item.question}</Accordion.Header>
            <Accordion.Body>{item.answer}</Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
      <p className="mt-4">
        Still have a question? <Link to="/contactus">Contact us</Link>: we reply within 48 hours.
      </p>
    </div>
  );
}
