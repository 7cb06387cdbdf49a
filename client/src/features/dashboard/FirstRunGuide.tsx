import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { accountSectionPath } from '../account/accountSections';
import { DashboardWalletsDocument, FirstRunCountsDocument, FoundInYourBankDocument } from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { browserTimeZone } from '../../kit/dates';
import { LazyImportStatementModal } from '../imports/LazyImportStatementModal';
import { LazyRecurringReview } from '../recurring/LazyRecurringReview';
import {
  allStepsDone,
  finishFirstRun,
  firstRunFinished,
  foundFor,
  stepsDone,
  stepsToGo,
  type StepKey,
} from './firstRun';

// The add forms are the manage tabs' own, fetched with them once the dashboard is idle
// (lazyTabs.tsx), or when a step's button is first pressed: not with the first screen.
const WalletModal = lazy(() => import('../wallets/WalletModal').then((m) => ({ default: m.WalletModal })));
const IncomeModal = lazy(() => import('../income/IncomeModal').then((m) => ({ default: m.IncomeModal })));
const ExpenseModal = lazy(() =>
  import('../expenses/ExpenseModal').then((m) => ({ default: m.ExpenseModal })),
);

const STEPS: { key: StepKey; title: string; hint: string }[] = [
  {
    key: 'money',
    title: 'Bring in your money',
    hint: 'Connect your bank, import a statement, or add a wallet by hand.',
  },
  { key: 'pay', title: 'Add your pay', hint: 'Your take-home pay and when it comes.' },
  { key: 'bills', title: 'Add your bills', hint: 'Rent, phone, subscriptions: what is due and when.' },
];

type Open = 'wallet' | 'walletThenImport' | 'import' | 'pay' | 'bills' | 'review' | null;

/**
 * The first run, above the dashboard's tabs: three ways to bring the money in (the bank, a
 * statement, by hand), then pay and bills, taken from 'Found in your bank' when the history shows
 * them. Each step is ticked off by the data itself; once all three are there the true net income
 * shows, and the guide steps aside for good (firstRun.ts).
 */
export function FirstRunGuide() {
  // Done on this browser: none of the guide's queries are watched (a returning person's dashboard
  // starts a burst of subscriptions in one task, which a cheap phone feels).
  const [finished] = useState(firstRunFinished);
  return finished ? null : <FirstRunSteps />;
}

function FirstRunSteps() {
  const canWrite = useCanWrite();
  const timeZone = browserTimeZone();
  const wallets = useQuery(DashboardWalletsDocument);
  // Pay and bills counted by their ids, not read whole: the first read of the bill list alone
  // cost a phone a long task. (The lists stay fresh without watchers: kit/moneyViews.ts.)
  const counts = useQuery(FirstRunCountsDocument);
  const haveWallet = (wallets.data?.wallets.length ?? 0) > 0;
  const [open, setOpen] = useState<Open>(null);
  const loaded = wallets.data && counts.data;
  const done = stepsDone({
    wallets: wallets.data?.wallets.length ?? 0,
    incomeSources: counts.data?.incomeSources.length ?? 0,
    bills: counts.data?.liabilities.length ?? 0,
  });
  const complete = allStepsDone(done);
  // What the Analysis tab's 'Found in your bank' asks for, asked here too: that section waits below
  // the first screen until the person scrolls to it (InTurn), and the guide must not wait for it.
  // When both ask at once, Apollo Client sends one request.
  const found = useQuery(FoundInYourBankDocument, {
    variables: { timeZone },
    fetchPolicy: 'cache-and-network',
    skip: complete || !haveWallet,
  });

  useEffect(() => {
    if (loaded && complete) finishFirstRun();
  }, [loaded, complete]);

  if (!loaded || (complete && open === null)) return null;
  const kinds = (found.data?.recurringSuggestions ?? []).map((suggestion) => suggestion.kind);
  const firstWallet = wallets.data.wallets[0];
  const walletName = (walletId: string) =>
    wallets.data?.wallets.find((wallet) => wallet.id === walletId)?.walletName ?? 'Wallet';

  return (
    <>
      <Card as="section" aria-labelledby="first-run-title" className="mb-3 tn-setup">
        <Card.Body>
          <h2 id="first-run-title" className="h5 mb-1">
            Three steps to your true net income
          </h2>
          <p className="text-body-secondary mb-3">
            {stepsToGo(done)} Then this page shows what you can spend before payday.
          </p>
          <ol className="list-unstyled mb-0 d-grid gap-3">
            {STEPS.map((step, index) => {
              const ready = foundFor(step.key, kinds);
              return (
                <li key={step.key} className="d-flex align-items-start gap-3">
                  <span
                    className={`tn-setup-mark ${done[step.key] ? 'tn-setup-done' : ''}`}
                    aria-hidden="true"
                  >
                    {done[step.key] ? '✓' : index + 1}
                  </span>
                  <span className="flex-grow-1">
                    <span className={done[step.key] ? 'text-body-secondary' : 'fw-semibold'}>
                      {step.title}
                    </span>
                    <span className="visually-hidden">{done[step.key] ? ' (done)' : ' (to do)'}</span>
                    <span className="d-block small text-body-secondary">
                      {ready > 0 && !done[step.key]
                        ? `${ready} found in your bank, ready to add.`
                        : step.hint}
                    </span>
                    {!done[step.key] && (
                      <span className="d-flex flex-wrap gap-2 mt-2">
                        {step.key === 'money' ? (
                          <>
                            <Link
                              to={accountSectionPath('bank-connections')}
                              className="btn btn-primary btn-sm tn-touch px-3 d-inline-flex align-items-center"
                            >
                              Connect a bank
                            </Link>
                            <Button
                              variant="outline-primary"
                              size="sm"
                              className="tn-touch px-3"
                              disabled={!canWrite}
                              onClick={() => setOpen('walletThenImport')}
                            >
                              Import a statement
                            </Button>
                            <Button
                              variant="outline-primary"
                              size="sm"
                              className="tn-touch px-3"
                              disabled={!canWrite}
                              onClick={() => setOpen('wallet')}
                            >
                              Add a wallet
                            </Button>
                          </>
                        ) : (
                          <>
                            {ready > 0 && (
                              <Button
                                size="sm"
                                className="tn-touch px-3"
                                disabled={!canWrite}
                                onClick={() => setOpen('review')}
                              >
                                Review what we found
                              </Button>
                            )}
                            <Button
                              variant={ready > 0 ? 'outline-primary' : 'primary'}
                              size="sm"
                              className="tn-touch px-3"
                              aria-label={step.title}
                              disabled={!canWrite}
                              onClick={() => setOpen(step.key === 'pay' ? 'pay' : 'bills')}
                            >
                              Add
                            </Button>
                          </>
                        )}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        </Card.Body>
      </Card>
      <Suspense fallback={null}>
        {(open === 'wallet' || open === 'walletThenImport') && (
          <WalletModal
            wallet={null}
            onClose={() => setOpen(open === 'walletThenImport' && haveWallet ? 'import' : null)}
          />
        )}
        {open === 'pay' && <IncomeModal source={null} onClose={() => setOpen(null)} />}
        {open === 'bills' && <ExpenseModal liability={null} onClose={() => setOpen(null)} />}
      </Suspense>
      {open === 'import' && firstWallet && (
        <LazyImportStatementModal
          wallet={{ walletId: firstWallet.id, walletName: firstWallet.walletName }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'review' && (
        <LazyRecurringReview
          walletName={walletName}
          timeZone={timeZone}
          canWrite={canWrite}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
