import Button from 'react-bootstrap/Button';
import { Busy } from '../../components/Busy';
import { MoneyText } from '../../components/money';
import type { DashboardForecastViewFragment } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';

export type UndepositedPay = DashboardForecastViewFragment['undepositedIncome'][number];

interface UndepositedPayTodoProps {
  undeposited: readonly UndepositedPay[];
  /** Where Deposit Pay puts the pay (the wallet selected below); null: no wallet yet. */
  depositWalletName: string | null;
  onDeposit: (pay: readonly UndepositedPay[]) => void;
  depositing: boolean;
  canWrite: boolean;
}

/**
 * The hero's to-do: pay received but not deposited yet is no money in a wallet, so no figure counts
 * it; one click deposits it into the selected wallet, and the figures follow.
 */
export function UndepositedPayTodo({
  undeposited,
  depositWalletName,
  onDeposit,
  depositing,
  canWrite,
}: UndepositedPayTodoProps) {
  if (undeposited.length === 0) return null;
  return (
    <div className="tn-hero-todo mt-3 pt-3 border-top" data-testid="undeposited-pay">
      <ul className="list-unstyled mb-2">
        {undeposited.map((pay) => (
          <li key={`${pay.incomeSourceId}|${pay.date}`}>
            {pay.sourceName} <MoneyText value={pay.amount} /> from {displayDate(pay.date)} is not in a wallet
            yet.
          </li>
        ))}
      </ul>
      <p className="small text-body-secondary mb-2">
        The figures above count only money in your wallets: deposit the pay once it is in the bank.
      </p>
      {depositWalletName && (
        <Button
          variant="outline-primary"
          size="sm"
          disabled={!canWrite || depositing}
          onClick={() => onDeposit(undeposited)}
        >
          {depositing ? <Busy text="Depositing ..." /> : `Deposit Pay to ${depositWalletName}`}
        </Button>
      )}
    </div>
  );
}
