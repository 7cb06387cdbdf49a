import { useQuery } from '@apollo/client/react';
import { EXTRA_PAYMENT_MESSAGE, isExtraPayment, MAX_EXTRA_PAYMENT_CENTS } from '@truenet/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { Field, hintIdOf } from '../../components/Field';
import { MoneyInput, MoneyText } from '../../components/money';
import { DebtPlanDocument, type DebtStrategy } from '../../gql/graphql';
import { DebtBalanceChart } from './DebtBalanceChart';
import { debtFreeMonthOf, monthName, planSentence, shortMonth, STARTING_STRATEGY } from './debtsView';

const STRATEGIES: { value: DebtStrategy; label: string; meaning: string }[] = [
  { value: 'AVALANCHE', label: 'Avalanche', meaning: 'Highest APR first: the least interest.' },
  { value: 'SNOWBALL', label: 'Snowball', meaning: 'Smallest balance first: the quickest wins.' },
  { value: 'MINIMUMS', label: 'Minimums only', meaning: 'Each debt on its own payment, nothing extra.' },
];

interface DebtsSectionProps {
  timeZone: string;
  /** The month the plan shown is debt-free in ('YYYY-MM'), or null; undefined without debts. */
  onDebtFree: (month: string | null | undefined) => void;
}

/**
 * Debts: when the household is debt-free and what an extra a month changes. Its bills with a
 * balance, planned month by month by the server; shown only when there are some.
 */
export function DebtsSection({ timeZone, onDebtFree }: DebtsSectionProps) {
  const [strategy, setStrategy] = useState<DebtStrategy>(STARTING_STRATEGY);
  const [extra, setExtra] = useState<number | null>(null);
  // An extra outside core's range is named under the field; the plan keeps the nearest one it takes.
  const extraOutOfRange = extra !== null && !isExtraPayment(Math.round(extra * 100));
  const extraPayment = useDeferredValue(Math.max(0, Math.min(extra ?? 0, MAX_EXTRA_PAYMENT_CENTS / 100)));
  const { data, previousData } = useQuery(DebtPlanDocument, {
    variables: { strategy, extraPayment, timeZone },
  });
  const plan = (data ?? previousData)?.debtPlan;
  const debtFree = debtFreeMonthOf(plan);
  useEffect(() => onDebtFree(debtFree), [debtFree, onDebtFree]);
  if (!plan || plan.debts.length === 0) return null;

  const startBalance = plan.debts.reduce((sum, debt) => sum + debt.startBalance, 0);
  const withoutApr = plan.debts.filter((debt) => debt.apr === null);
  return (
    <section aria-labelledby="debts-heading" className="card mb-3">
      <div className="card-body">
        <h2 id="debts-heading" className="h5">
          Debts
        </h2>
        <p className="lead fs-6 fw-semibold mb-3" role="status" data-testid="debt-plan-sentence">
          {planSentence(plan)}
        </p>
        <div className="row g-3 mb-3">
          <fieldset className="col-md-7">
            <legend className="form-label fs-6">Pay extra to</legend>
            {STRATEGIES.map((option) => (
              <div className="form-check" key={option.value}>
                <input
                  className="form-check-input"
                  type="radio"
                  id={`debt-strategy-${option.value}`}
                  name="debt-strategy"
                  checked={strategy === option.value}
                  onChange={() => setStrategy(option.value)}
                />
                <label className="form-check-label" htmlFor={`debt-strategy-${option.value}`}>
                  <span className="fw-semibold">{option.label}</span>
                  <span className="d-block small text-body-secondary">{option.meaning}</span>
                </label>
              </div>
            ))}
          </fieldset>
          <Field
            id="debt-extra"
            label="Extra a month"
            hint="Freed payments roll into the next debt."
            error={EXTRA_PAYMENT_MESSAGE}
            className="col-md-5 col-lg-4"
          >
            <MoneyInput
              aria-describedby={hintIdOf('debt-extra')}
              isInvalid={extraOutOfRange}
              value={extra}
              onValueChange={setExtra}
              disabled={strategy === 'MINIMUMS'}
            />
          </Field>
        </div>
        <DebtBalanceChart balances={plan.balances} startBalance={startBalance} />
        <div className="table-responsive">
          <table className="table table-sm mb-2 align-middle">
            <thead>
              <tr>
                <th scope="col">Debt</th>
                <th scope="col" className="text-end">
                  Balance
                </th>
                <th scope="col" className="text-end">
                  APR
                </th>
                <th scope="col" className="text-end d-none d-sm-table-cell">
                  A month
                </th>
                <th scope="col" className="text-end">
                  Paid off
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.debts.map((debt) => (
                <tr key={debt.liabilityId}>
                  <th scope="row" className="fw-normal">
                    {debt.name}
                  </th>
                  <td className="text-end">
                    <MoneyText value={debt.startBalance} />
                  </td>
                  <td className="text-end">
                    {debt.apr === null ? (
                      <span className="text-warning-emphasis">Not set</span>
                    ) : (
                      `${debt.apr}%`
                    )}
                  </td>
                  <td className="text-end d-none d-sm-table-cell">
                    <MoneyText value={debt.monthlyPayment} />
                  </td>
                  <td className="text-end">
                    {debt.payoffMonth ? (
                      <span title={monthName(debt.payoffMonth)}>{shortMonth(debt.payoffMonth)}</span>
                    ) : (
                      <span className="text-danger">Never</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {withoutApr.length > 0 && (
          <p className="small text-body-secondary mb-0" data-testid="debts-without-apr">
            {withoutApr.map((debt) => debt.name).join(', ')} {withoutApr.length === 1 ? 'has' : 'have'} no APR
            yet, so the plan counts no interest: add it with Edit in Manage Expenses.
          </p>
        )}
      </div>
    </section>
  );
}
