import Accordion from 'react-bootstrap/Accordion';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';

/** Help with the four topics of the product specification (route help). */
export function HelpPage() {
  return (
    <div className="tn-medium">
      <h1 className="h3 mb-2">Help</h1>
      <p className="text-muted">
        The dashboard has four tabs: Analysis, Manage Income, Manage Expenses and Manage Wallets. Set up your
        wallets, income and expenses once; the analysis then keeps itself up to date as days pass.
      </p>
      <Accordion defaultActiveKey="wallets" alwaysOpen>
        <Accordion.Item eventKey="wallets">
          <Accordion.Header as="h2">Manage Wallets</Accordion.Header>
          <Accordion.Body>
            <p>
              A wallet is any place you keep money you can spend: a checking account, a savings account you
              draw on, the cash in your purse, or one account per earner in a two-income household.
            </p>
            <ul>
              <li>
                Open the <strong>Manage Wallets</strong> tab and choose <strong>Add Wallets</strong>. Give it
                a name, an optional description and the balance it holds today (a negative balance is
                allowed). After <strong>Save New Record</strong> the form clears so you can add the next one.
              </li>
              <li>
                Your first wallet becomes the default wallet: the analysis opens on it. You can choose another
                default wallet on the Analysis tab.
              </li>
              <li>
                Use <strong>Edit</strong> to rename a wallet or correct its balance, and{' '}
                <strong>Delete</strong> to remove one you no longer use (you are asked to confirm).
              </li>
              <li>
                Every change of balance is written to the wallet&apos;s register, which you can open from the
                Analysis tab. Transactions are deleted after 28 days.
              </li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="income">
          <Accordion.Header as="h2">Manage Income</Accordion.Header>
          <Accordion.Body>
            <p>
              Income sources tell TrueNet when money arrives, so it can work out what is due before your next
              payday.
            </p>
            <ul>
              <li>
                Choose <strong>Add Income Sources</strong>. Enter the source (pick one from the suggestions to
                fill in its name and website), the amount of each payment, how often you are paid (Weekly,
                Bi-Weekly, Twice Monthly or Monthly) and your <strong>Last Pay Date</strong>.
              </li>
              <li>
                For <strong>Twice Monthly</strong> pay, also <strong>Enter Next Pay Date</strong>: the second
                pay day of the month. It must come after the last pay date. For example the 1st and the 15th,
                or the 15th and the last day of the month.
              </li>
              <li>
                TrueNet rolls each pay date forward by its frequency: a weekly source every 7 days, a
                bi-weekly one every 14 days, a monthly one on the same day of each month.
              </li>
            </ul>
            <Alert variant="info" className="mb-0">
              When an income stops (a job ends, a benefit runs out), set the source to{' '}
              <strong>inactive</strong> rather than deleting it. An inactive source is kept for your history
              and stays in your cash flow until the end of its pay cycle; deleting it removes the pay you
              already received from the analysis.
            </Alert>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="expenses">
          <Accordion.Header as="h2">Manage Expense</Accordion.Header>
          <Accordion.Body>
            <p>
              Expenses are your recurring obligations: rent or mortgage, loans, cards, insurance, phone,
              subscriptions, utilities.
            </p>
            <ul>
              <li>
                Choose <strong>Add Expenses</strong>. Enter who you pay (suggestions fill in the name and
                website), the type of expense, how often it is due (from weekly to yearly), the{' '}
                <strong>next date due</strong>, the payment amount and, for a loan or card, the balance still
                owed.
              </li>
              <li>
                Tick <strong>Auto Paid?</strong> for bills taken automatically from your account: on their due
                date they are marked paid for you.
              </li>
              <li>
                When you pay a bill, mark it paid on the Analysis tab; once the payment has cleared your
                account, mark it cleared. The expense then moves to its next due date, its balance goes down
                by the payment and the amount is taken from the wallet it was paid from.
              </li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="analysis">
          <Accordion.Header as="h2">The Analysis Page</Accordion.Header>
          <Accordion.Body>
            <p>
              The Analysis tab answers one question: how much of your money is really free? Your{' '}
              <strong>true net income</strong> is the income you last received minus every obligation due
              before your next expected income. With pay of $2,000.00 and a mortgage of $1,400.00, a phone
              bill of $150.00 and streaming of $21.00 due first, it is $429.00.
            </p>
            <ul>
              <li>
                <strong>Last income received</strong> lists each source&apos;s latest pay. Switch on the ones
                that reached the selected wallet and press <strong>Deposit Pay</strong> to add them to its
                balance (each pay is deposited once).
              </li>
              <li>
                <strong>Next expected income</strong> is the nearest future pay date and the total due that
                day.
              </li>
              <li>
                <strong>Obligations</strong> lists what is due before that date, past-due bills included;{' '}
                <strong>coming due</strong> lists what follows within 30 days. Mark bills paid and cleared,
                then press <strong>Save Paid Info</strong> (an asterisk shows unsaved changes).
              </li>
              <li>
                Record everyday spending and deposits with <strong>Spent</strong> and{' '}
                <strong>Deposited</strong>, or type the real balance and press <strong>Update Wallet</strong>.
              </li>
              <li>
                <strong>Available Cash</strong> is the total of your wallets minus what is still to clear; a
                wallet&apos;s available balance deducts the bills paid from it that have not cleared yet.
              </li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
      <p className="mt-4">
        Still stuck? <Link to="/contactus">Contact us</Link>: we reply within 48 hours.
      </p>
    </div>
  );
}
