import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import {
  DashboardIncomeSourcesDocument,
  DashboardLiabilitiesDocument,
  DashboardWalletsDocument,
} from '../../gql/graphql';
import { useCanWrite } from '../../kit/access';
import { ExpenseModal } from '../expenses/ExpenseModal';
import { IncomeModal } from '../income/IncomeModal';
import { WalletModal } from '../wallets/WalletModal';

type Step = 'wallet' | 'income' | 'bills';

const STEPS: { key: Step; title: string; hint: string }[] = [
  { key: 'wallet', title: 'Add a wallet', hint: 'Where your money is: checking, savings, cash.' },
  { key: 'income', title: 'Add your income', hint: 'Your take-home pay and when it comes.' },
  { key: 'bills', title: 'Add your bills', hint: 'Rent, phone, subscriptions: what is due and when.' },
];

/**
 * The first run: three steps to a true net income, each opening its add form and ticked off by the
 * data itself (so it survives a reload), gone once all three are done.
 */
export function SetupChecklist() {
  const canWrite = useCanWrite();
  const wallets = useQuery(DashboardWalletsDocument);
  const income = useQuery(DashboardIncomeSourcesDocument);
  const bills = useQuery(DashboardLiabilitiesDocument);
  const [open, setOpen] = useState<Step | null>(null);

  if (!wallets.data || !income.data || !bills.data) return null;
  const done: Record<Step, boolean> = {
    wallet: wallets.data.wallets.length > 0,
    income: income.data.incomeSources.length > 0,
    bills: bills.data.liabilities.length > 0,
  };
  const remaining = STEPS.filter((step) => !done[step.key]).length;
  if (remaining === 0 && open === null) return null;

  return (
    <>
      <Card as="section" aria-labelledby="setup-title" className="mb-3 tn-setup">
        <Card.Body>
          <h2 id="setup-title" className="h5 mb-1">
            Three steps to your true net income
          </h2>
          <p className="text-body-secondary mb-3">
            {remaining === 1 ? 'One step to go.' : `${remaining} steps to go.`}
          </p>
          <ol className="list-unstyled mb-0 d-grid gap-2">
            {STEPS.map((step, index) => (
              <li key={step.key} className="d-flex align-items-center gap-3">
                <span className={`tn-setup-mark ${done[step.key] ? 'tn-setup-done' : ''}`} aria-hidden="true">
                  {done[step.key] ? '✓' : index + 1}
                </span>
                <span className="flex-grow-1">
                  <span className={done[step.key] ? 'text-body-secondary' : 'fw-semibold'}>{step.title}</span>
                  <span className="visually-hidden">{done[step.key] ? ' (done)' : ' (to do)'}</span>
                  <span className="d-block small text-body-secondary">{step.hint}</span>
                </span>
                {!done[step.key] && (
                  <Button
                    variant="primary"
                    size="sm"
                    className="tn-touch text-nowrap px-3"
                    aria-label={step.title}
                    disabled={!canWrite}
                    onClick={() => setOpen(step.key)}
                  >
                    Add
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </Card.Body>
      </Card>
      {open === 'wallet' && <WalletModal wallet={null} onClose={() => setOpen(null)} />}
      {open === 'income' && <IncomeModal source={null} onClose={() => setOpen(null)} />}
      {open === 'bills' && <ExpenseModal liability={null} onClose={() => setOpen(null)} />}
    </>
  );
}
