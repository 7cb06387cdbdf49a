import Accordion from 'react-bootstrap/Accordion';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../app/routing/paths';
import { ACCOUNT_SECTIONS, accountSectionPath, type AccountSectionKey } from '../account/accountSections';
import { reopenFirstRun } from '../dashboard/firstRun';
import { formatMoney } from '@truenet/core';
import { EXAMPLE_PICTURE } from '../public/examplePicture';

/** The home page's worked example, from the same numbers, so the two can never disagree. */
// Formatted by core in cents, not the money components (a form's code this page does not need).
const example = {
  lastIncome: formatMoney(EXAMPLE_PICTURE.hero.lastIncomeTotalCents),
  balance: formatMoney(EXAMPLE_PICTURE.days[0]?.[1] ?? 0),
  obligations: formatMoney(EXAMPLE_PICTURE.hero.obligationsTotalCents),
  netIncome: formatMoney(EXAMPLE_PICTURE.hero.netIncomeThisPeriodCents),
  safeToSpend: formatMoney(EXAMPLE_PICTURE.hero.safeToSpendCents),
  lowestBalance: formatMoney(EXAMPLE_PICTURE.hero.lowestBalanceCents),
};

/** One line on what each of Manage Account's sections holds. */
const SECTION_HELP: Record<AccountSectionKey, string> = {
  profile: 'your name and e-mail address.',
  security: 'your password, two-step sign-in and passkeys.',
  subscription: 'your plan, payment method and cancellation.',
  household: 'who shares your money records, and their roles.',
  notifications: 'bill reminders and payday e-mails, and notifications on this device.',
  calendar: 'a calendar feed of your bills and paydays.',
  'bank-connections': 'your bank, connected through SimpleFIN Bridge.',
  categories: 'the categories your rows go in, and your rules.',
  'api-tokens': 'keys for your own scripts.',
  'your-data': 'download everything, or delete your account.',
};

/** Help with the four topics of the product specification (route help), the first steps and the settings. */
export function HelpPage() {
  const navigate = useNavigate();
  const showFirstSteps = () => {
    reopenFirstRun();
    void navigate(ROUTES.userhome);
  };
  return (
    <div className="tn-medium">
      <h1 className="h3 mb-2">Help</h1>
      <p className="text-muted">
        The dashboard has five tabs: Analysis, Spending, Manage Income, Manage Expenses and Manage Wallets.
        Set up your wallets, income and expenses once; the analysis then keeps itself up to date as days pass.
      </p>
      <section aria-labelledby="help-start-title" className="tn-help-start mb-4">
        <h2 id="help-start-title" className="h5">
          Getting started
        </h2>
        <p className="mb-2">
          A new household starts with three steps on the dashboard: bring in your money (connect your bank,
          import a statement, or add a wallet by hand), then add your pay and your bills. Once all three are
          there, your true net income shows and the steps go away.
        </p>
        <Button variant="outline-primary" size="sm" className="tn-touch px-3" onClick={showFirstSteps}>
          Show the first steps again
        </Button>
      </section>
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
                account, mark it cleared and save. The expense then moves to its next due date, its balance
                goes down by the payment and the amount is taken from the wallet it was paid from (see Paid
                and Cleared under The Analysis Page).
              </li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="analysis">
          <Accordion.Header as="h2">The Analysis Page</Accordion.Header>
          <Accordion.Body>
            <p>
              The Analysis tab answers two questions: am I living within my pay, and what can I spend now? Its
              figures count the money in all your wallets together. Pay you have received but not yet
              deposited is not in a wallet, so no figure counts it until you press{' '}
              <strong>Deposit Pay</strong>.
            </p>
            <dl className="tn-help-terms">
              <dt>True net income</dt>
              <dd>
                The pay you last received minus this period&apos;s bills: every bill due before your next
                payday (past-due ones included) and every bill you paid since that pay. Paying a bill does not
                change it; it answers &ldquo;am I living within my pay?&rdquo;. When a statement or your bank
                shows the pay arriving, it counts what arrived (a smaller check after overtime or a raise
                shows at once); the next paydays count the amount you entered.
              </dd>
              <dt>Safe to spend</dt>
              <dd>
                What your wallets can lose today and still pay every bill due before your next payday. It is
                the lowest your balance gets before that payday, never below $0.00, and never more than the
                money in your wallets.
              </dd>
              <dt>Lowest balance ahead</dt>
              <dd>
                The lowest your wallets get in the days shown (45 from today), counting the paydays and bills
                ahead. In red, with the first day below zero, when it dips below zero.
              </dd>
              <dt>Available cash</dt>
              <dd>
                Your wallet balances minus the bills still to clear before your next payday: the payments you
                marked paid that have not left the bank yet, and the bills not paid yet. It equals safe to
                spend whenever it is not negative. A wallet&apos;s available balance is its balance minus the
                payments marked paid from it that have not cleared.
              </dd>
              <dt>Paid</dt>
              <dd>
                You sent the payment. The bill keeps its due date, and its amount is set aside from the wallet
                until it clears. It is not in the payment history yet.
              </dd>
              <dt>Cleared</dt>
              <dd>
                The money has left the bank account (only a paid bill can clear). On{' '}
                <strong>Save Paid Info</strong> the amount is taken off the wallet, the payment goes into the
                payment history (where Undo can take it back), and the bill moves to its next due date.
              </dd>
            </dl>
            <h3 className="h6 mt-3">A worked example</h3>
            <p data-testid="help-example">
              You were paid {example.lastIncome} five days ago and deposited it: checking holds{' '}
              {example.balance}. Before your next payday, in nine days, the mortgage ({formatMoney(140_000)}
              ), the phone ({formatMoney(15_000)}) and streaming ({formatMoney(2_100)}) are due:{' '}
              {example.obligations} in all. Your true net income is {example.lastIncome} −{' '}
              {example.obligations} = {example.netIncome}. Available cash is {example.balance} −{' '}
              {example.obligations} = {example.safeToSpend}, and so is what is safe to spend today; the lowest
              balance ahead is also {example.lowestBalance}, the day streaming is paid. This is the example on
              our home page.
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
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="set-aside">
          <Accordion.Header as="h2">Bills that come less often</Accordion.Header>
          <Accordion.Body>
            <p className="mb-0">
              A bill due every two months, quarterly, twice a year or yearly lands in one pay period and makes
              it look ruined, while every other period looks better than it is. Under your true net income,
              the Analysis tab also counts each such bill as a share of every period (its payment × the
              period&apos;s days / the days between its due dates), and beside safe to spend says how much
              they have built up since each was last due: the money to keep aside so that they are paid when
              they come.
            </p>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="spending">
          <Accordion.Header as="h2">Spending and categories</Accordion.Header>
          <Accordion.Body>
            <p>
              Every row from your bank, a statement or your own entries gets a category as it arrives: from a
              bill or pay it matched, a rule of yours, what you taught TrueNet for that payee, or what TrueNet
              knows of how banks write shops and billers. A row it cannot place stays unsorted rather than
              guessed.
            </p>
            <ul>
              <li>
                The <strong>Spending</strong> tab shows this pay period (or a month, or any dates) by
                category, each with how it compares with the three periods before. Open a category to see its
                rows.
              </li>
              <li>
                Change a row&apos;s category with its picker. With <strong>Always for</strong> on, the
                payee&apos;s other rows move too and later ones follow; a category you chose yourself is never
                changed.
                <strong> Split</strong> shares one row between categories.
              </li>
              <li>
                <strong>Rows to sort</strong> walks the unsorted rows one at a time: type a category&apos;s
                first letter, then press Enter.
              </li>
              <li>
                Rename, add, archive categories and write rules in Manage Account, <strong>Categories</strong>
                .
              </li>
            </ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="account">
          <Accordion.Header as="h2">Manage Account</Accordion.Header>
          <Accordion.Body>
            <p>Your settings, in named sections: choose one from the list to go straight to it.</p>
            <ul className="mb-0">
              {ACCOUNT_SECTIONS.map((section) => (
                <li key={section.key}>
                  <Link to={accountSectionPath(section.key)}>{section.label}</Link>
                  {': '}
                  {SECTION_HELP[section.key]}
                </li>
              ))}
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
