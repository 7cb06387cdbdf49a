import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { MoneyText, sumDollars } from '../../components/money';
import type { AnalysisViewFragment } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';

function SnapshotRow({ label, children, sum }: { label: string; children: ReactNode; sum?: ReactNode }) {
  return (
    // One group of the list: the label and its value on a line, the arithmetic (if any) under them.
    <div className="tn-snapshot-row py-1 border-bottom">
      <dt className="fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold text-end">{children}</dd>
      {sum && <dd className="tn-snapshot-sum mb-0 small text-body-secondary">{sum}</dd>}
    </div>
  );
}

/**
 * The specification's seven figures of the period, as a definition list. The two that are
 * worked out say their arithmetic in words, so the snapshot adds up for whoever reads it.
 */
export function CashFlowSnapshot({
  analysis,
  hasWallet,
}: {
  analysis: AnalysisViewFragment;
  hasWallet: boolean;
}) {
  const balances = sumDollars(analysis.wallets.map((wallet) => wallet.balance));
  // Payments marked paid that have not cleared, and the unpaid bills before payday.
  const stillToClear = sumDollars([balances, -analysis.availableCash]);
  return (
    <Card as="section" aria-labelledby="snapshot-title" className="h-100">
      <Card.Header as="h3" id="snapshot-title" className="h6 mb-0">
        Cash Flow Snapshot
      </Card.Header>
      <Card.Body>
        <dl className="mb-0">
          {hasWallet && (
            <SnapshotRow label="Wallet Available Balance">
              <MoneyText value={analysis.walletAvailableBalance} empty="-" />
            </SnapshotRow>
          )}
          <SnapshotRow
            label="Available Cash"
            sum={
              <>
                Wallet balances <MoneyText value={balances} /> − payments and bills still to clear{' '}
                <MoneyText value={stillToClear} /> = <MoneyText value={analysis.availableCash} />
              </>
            }
          >
            <MoneyText value={analysis.availableCash} />
          </SnapshotRow>
          <SnapshotRow label="Last Income Received">
            <MoneyText value={analysis.lastIncomeTotal} />
          </SnapshotRow>
          <SnapshotRow label="Obligations Before Next Income">
            <MoneyText value={analysis.obligationsTotal} />
          </SnapshotRow>
          <SnapshotRow
            label="Net Income This Period"
            sum={
              <>
                Last income <MoneyText value={analysis.lastIncomeTotal} /> − obligations{' '}
                <MoneyText value={analysis.obligationsTotal} /> ={' '}
                <MoneyText value={analysis.netIncomeThisPeriod} />
              </>
            }
          >
            <MoneyText value={analysis.netIncomeThisPeriod} />
          </SnapshotRow>
          <SnapshotRow label="Next Income Date">
            {analysis.nextIncomeDate ? displayDate(analysis.nextIncomeDate) : 'None expected'}
          </SnapshotRow>
          <SnapshotRow label="Next Income Total">
            <MoneyText value={analysis.nextIncomeTotal} />
          </SnapshotRow>
        </dl>
      </Card.Body>
    </Card>
  );
}
