import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { MoneyText } from '../../components/money';
import type { AnalysisViewFragment } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';

function SnapshotRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="d-flex justify-content-between gap-3 py-1 border-bottom">
      <dt className="fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold text-end">{children}</dd>
    </div>
  );
}

/** The specification's seven figures of the period, as a definition list. */
export function CashFlowSnapshot({
  analysis,
  hasWallet,
}: {
  analysis: AnalysisViewFragment;
  hasWallet: boolean;
}) {
  return (
    <Card className="h-100">
      <Card.Header as="h3" className="h6 mb-0">
        Cash Flow Snapshot
      </Card.Header>
      <Card.Body>
        <dl className="mb-0">
          {hasWallet && (
            <SnapshotRow label="Wallet Available Balance">
              <MoneyText value={analysis.walletAvailableBalance} empty="-" />
            </SnapshotRow>
          )}
          <SnapshotRow label="Available Cash">
            <MoneyText value={analysis.availableCash} />
          </SnapshotRow>
          <SnapshotRow label="Last Income Received">
            <MoneyText value={analysis.lastIncomeTotal} />
          </SnapshotRow>
          <SnapshotRow label="Obligations Before Next Income">
            <MoneyText value={analysis.obligationsTotal} />
          </SnapshotRow>
          <SnapshotRow label="Net Income This Period">
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
