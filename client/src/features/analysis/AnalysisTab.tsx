import { useMutation, useQuery } from '@apollo/client/react';
import { useSlicedQuery } from '../../kit/useSlicedQuery';
import type { ApolloCache } from '@apollo/client';
import { lazy, startTransition, Suspense, useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  DashboardAheadDocument,
  DashboardAnalysisDocument,
  DashboardWalletsDocument,
  DepositPayDocument,
  LiabilityPaymentHistoryDocument,
  SavePaidInfoDocument,
  SetDefaultWalletDocument,
  SkipLiabilityOccurrenceDocument,
  UndoLiabilityPaymentDocument,
} from '../../gql/graphql';
import type {
  AnalysisViewFragment,
  LiabilityOccurrenceRowFragment,
  WalletRowFragment,
} from '../../gql/graphql';
import { ActionToast } from '../../components/ActionToast';
import { InTurn } from '../../kit/InTurn';
import { FoundInYourBank } from '../recurring/FoundInYourBank';
import { useOpenTab } from '../dashboard/dashboardTabs';
import { formatDollars, sumDollars } from '../../components/money';
import { useCanWrite } from '../../kit/access';
import { browserTimeZone, displayDate, todayIn } from '../../kit/dates';
import { toSaveError } from '../../app/apollo/errors';
import { ComingDueTable, LastIncomeTable, NextIncomeTable, ObligationsTable, rowKey } from './AnalysisTables';
import {
  amountPaidProblem,
  depositTotal,
  hasPendingChanges,
  pendingClearedTotal,
  queuedChanges,
  selectedDeposits,
  setAmountPaid,
  setCleared,
  setPaid,
  toggleDeposit,
  type DepositSelection,
  type PaidChanges,
} from './switches';
import { ForecastSection } from './ForecastSection';
import { CashFlowSnapshot } from './CashFlowSnapshot';
import { TrueNetHero } from './TrueNetHero';

// Drawn after the first screen, in its own chunk: most households have a few debts or none.
const DebtsSection = lazy(() =>
  import('../debts/DebtsSection').then((module) => ({ default: module.DebtsSection })),
);
import { UndepositedPayTodo } from './UndepositedPayTodo';
import { debtFreeMonthOf } from '../debts/debtsView';
import { WalletControls } from './WalletControls';
import { WalletOverview } from './WalletOverview';
import { WalletRegisterModal } from './WalletRegisterModal';
import { AnalysisHeading, AnalysisLoading } from '../dashboard/DashboardSkeleton';
import { analysisVariables, forecastVariables } from './analysisVariables';
import { FORECAST_VIEWS } from '../../kit/moneyViews';

/** The default wallet, otherwise the first. */
function defaultWalletOf(wallets: readonly WalletRowFragment[]): WalletRowFragment | undefined {
  return wallets.find((wallet) => wallet.defaultWallet) ?? wallets[0];
}

/** The Analysis tab: 'Income and Liability Analysis For' today (its loading line until the wallets are read). */
export function AnalysisTab() {
  return (
    <Suspense fallback={<AnalysisLoading />}>
      <Analysis />
    </Suspense>
  );
}

function Analysis() {
  const canWrite = useCanWrite();
  const openTab = useOpenTab();
  const timeZone = browserTimeZone();
  const walletsQuery = useSlicedQuery(DashboardWalletsDocument);
  const wallets = walletsQuery.data?.wallets ?? [];
  const [chosenWalletId, setChosenWalletId] = useState<string | null>(null);
  // The month the Debts section's plan is debt-free in, for the hero (undefined: no debts, or not
  // told yet); until the section tells it, the month of the plan it opens on, which the first
  // screen's answer brought (the section waits below the first screen until scrolled to).
  const [debtFree, setDebtFree] = useState<string | null | undefined>(undefined);
  const aheadQuery = useSlicedQuery(DashboardAheadDocument, { variables: forecastVariables(timeZone) });
  const heroDebtFree = debtFree !== undefined ? debtFree : debtFreeMonthOf(aheadQuery.data?.debtPlan);
  // Told as the plan arrives, after the first screen: the whole tab is drawn again for that one line,
  // as a transition, in slices a tap can come between, not in one task.
  const showDebtFree = useCallback(
    (month: string | null | undefined) => startTransition(() => setDebtFree(month)),
    [],
  );
  const chosenWallet = wallets.find((wallet) => wallet.id === chosenWalletId);
  const listedDefault = defaultWalletOf(wallets);
  // Until a wallet is chosen the server analyses the default one, so the analysis is asked for
  // beside the wallets (and found in the first screen's answer), not after them. Without a default
  // wallet the first one is named, as the server would choose it anyway.
  const hasDefault = wallets.some((wallet) => wallet.defaultWallet);
  const analysisAsked = analysisVariables(
    chosenWallet?.id ?? (hasDefault ? null : (listedDefault?.id ?? null)),
    timeZone,
  );
  const analysisQuery = useQuery(DashboardAnalysisDocument, { variables: analysisAsked });
  const analysis = analysisQuery.data?.cashFlowAnalysis;
  // The wallet the figures were answered for: the default may have changed in another tab since
  // this one read its wallets, and the controls must act on the wallet the numbers describe.
  const answeredDefault = analysis?.wallets.find((wallet) => wallet.defaultWallet)?.walletId;
  const selectedWallet =
    chosenWallet ?? wallets.find((wallet) => wallet.id === answeredDefault) ?? listedDefault;
  // The hero and the chart cover every wallet together, as the true net income and available cash do.
  const forecast = aheadQuery.data?.balanceForecast;
  const today = analysis?.asOf ?? todayIn(timeZone);

  const [changes, setChanges] = useState<PaidChanges>({});
  const [deposits, setDeposits] = useState<DepositSelection>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyRowKey, setBusyRowKey] = useState<string | null>(null);
  const [registerWallet, setRegisterWallet] = useState<{ walletId: string; walletName: string } | null>(null);

  const [setDefaultWallet] = useMutation(SetDefaultWalletDocument);
  /** Writes the analysis an action returned over the cached one: no second round trip. */
  function writeAnalysis(cache: ApolloCache, fresh: AnalysisViewFragment | undefined) {
    if (!fresh) return;
    cache.writeQuery({
      query: DashboardAnalysisDocument,
      variables: analysisAsked,
      data: { cashFlowAnalysis: fresh },
    });
  }
  // Every action that moves money also changes the days ahead: the forecast is fetched again.
  const refreshForecast = [...FORECAST_VIEWS];
  const [depositPay, depositState] = useMutation(DepositPayDocument, {
    refetchQueries: refreshForecast,
    update: (cache, { data }) => writeAnalysis(cache, data?.depositPay.analysis),
  });
  const [savePaidInfo, saveState] = useMutation(SavePaidInfoDocument, {
    refetchQueries: refreshForecast,
    update: (cache, { data }) => writeAnalysis(cache, data?.savePaidInfo.analysis),
  });
  // Skip and Undo answer the wallets, liabilities and analysis (normalized into the cache); the
  // payment history lists are fetched again where they are open.
  const historyRefetch = { refetchQueries: [LiabilityPaymentHistoryDocument, ...refreshForecast] };
  const [skipOccurrence] = useMutation(SkipLiabilityOccurrenceDocument, {
    ...historyRefetch,
    update: (cache, { data }) => writeAnalysis(cache, data?.skipLiabilityOccurrence.analysis),
  });
  const [undoPayment] = useMutation(UndoLiabilityPaymentDocument, {
    ...historyRefetch,
    update: (cache, { data }) => writeAnalysis(cache, data?.undoLiabilityPayment.analysis),
  });

  /** Runs a row action (skip or undo) with its spinner, its confirmation and its error. */
  async function rowAction(row: LiabilityOccurrenceRowFragment, run: () => Promise<unknown>, done: string) {
    setActionError(null);
    setNotice(null);
    setBusyRowKey(rowKey(row));
    try {
      await run();
      setNotice(done);
    } catch (caught) {
      setActionError(toSaveError(caught).message);
    } finally {
      setBusyRowKey(null);
    }
  }

  function skip(row: LiabilityOccurrenceRowFragment) {
    void rowAction(
      row,
      () =>
        skipOccurrence({
          variables: {
            liabilityId: row.liabilityId,
            dueDate: row.dueDate,
            walletId: selectedWallet?.id,
            timeZone,
          },
        }),
      `Skipped ${row.creditorName} due ${displayDate(row.dueDate)}`,
    );
  }

  function undo(row: LiabilityOccurrenceRowFragment) {
    const paymentId = row.paymentId;
    if (!paymentId) return;
    void rowAction(
      row,
      () => undoPayment({ variables: { paymentId, walletId: selectedWallet?.id, timeZone } }),
      `Payment of ${row.creditorName} due ${displayDate(row.dueDate)} undone`,
    );
  }

  function chooseWallet(walletId: string) {
    setChosenWalletId(walletId);
    if (!canWrite) return;
    // Choosing a wallet makes it the default; the list is marked at once and the change is sent.
    void setDefaultWallet({
      variables: { id: walletId },
      optimisticResponse: {
        setDefaultWallet: wallets.map((wallet) => ({
          __typename: 'Wallet' as const,
          id: wallet.id,
          defaultWallet: wallet.id === walletId,
        })),
      },
      // The analysis of "the default wallet" now means another one: read afresh when next asked for.
      update: (cache) => {
        cache.evict({ fieldName: 'cashFlowAnalysis', args: { walletId: null, timeZone } });
      },
    }).catch(() => undefined);
  }

  /** Deposit Pay of the chosen occurrences into the selected wallet, from the table or the hero's to-do. */
  async function deposit(occurrences: readonly { incomeSourceId: string; date: string; amount: number }[]) {
    if (!selectedWallet || occurrences.length === 0) return;
    setActionError(null);
    setNotice(null);
    try {
      await depositPay({
        variables: {
          walletId: selectedWallet.id,
          occurrences: occurrences.map(({ incomeSourceId, date }) => ({ incomeSourceId, date })),
          timeZone,
        },
      });
      const total = sumDollars(occurrences.map((occurrence) => occurrence.amount));
      setNotice(`Deposited ${formatDollars(total)} to ${selectedWallet.walletName}`);
      setDeposits(new Set());
    } catch (caught) {
      setActionError(toSaveError(caught).message);
    }
  }

  async function savePaid() {
    if (!selectedWallet || !analysis) return;
    setActionError(null);
    setNotice(null);
    const problem = amountPaidProblem(analysis.obligations, changes);
    if (problem) {
      setActionError(problem);
      return;
    }
    try {
      await savePaidInfo({
        variables: {
          walletId: selectedWallet.id,
          changes: queuedChanges(analysis.obligations, changes),
          timeZone,
        },
      });
      setNotice('Paid info saved');
      setChanges({});
    } catch (caught) {
      setActionError(toSaveError(caught).message);
    }
  }

  const heading = <AnalysisHeading today={today} />;

  const pendingPaid = hasPendingChanges(changes);
  const selectedDepositTotal = analysis ? depositTotal(analysis.lastIncomeReceived, deposits) : 0;
  const obligationsTitle = analysis?.nextIncomeDate
    ? `Obligations Due By ${displayDate(analysis.nextIncomeDate)}`
    : 'Obligations Due';

  return (
    <section aria-label="Analysis">
      {heading}
      {walletsQuery.error && !walletsQuery.data ? (
        <Alert variant="danger">Problem loading wallets. Refresh page.</Alert>
      ) : wallets.length === 0 ? (
        <Alert variant="info">
          Go to{' '}
          <Button variant="link" className="alert-link p-0 align-baseline" onClick={() => openTab('wallets')}>
            Manage Wallets
          </Button>{' '}
          to add a wallet and start tracking available cash
        </Alert>
      ) : null}
      <div role="status" aria-live="polite">
        {actionError && (
          <Alert variant="danger" dismissible onClose={() => setActionError(null)}>
            {actionError}
          </Alert>
        )}
      </div>
      <ActionToast message={notice} onClose={() => setNotice(null)} />
      {analysisQuery.error && !analysis && (
        <Alert variant="danger">Problem loading the analysis. Refresh page.</Alert>
      )}
      {analysis && (
        <TrueNetHero analysis={analysis} forecast={forecast} debtFree={heroDebtFree} setAside={analysis}>
          <UndepositedPayTodo
            undeposited={forecast?.undepositedIncome ?? []}
            depositWalletName={selectedWallet?.walletName ?? null}
            onDeposit={(pay) => void deposit(pay)}
            depositing={depositState.loading}
            canWrite={canWrite}
          />
        </TrueNetHero>
      )}
      {wallets.length > 0 && (
        <InTurn name="Found in your bank">
          <FoundInYourBank timeZone={timeZone} canWrite={canWrite} />
        </InTurn>
      )}
      {analysis && wallets.length > 0 && (
        <InTurn name="Balance forecast">
          <ForecastSection
            walletId={null}
            timeZone={timeZone}
            today={analysis.asOf}
            heldForBills={analysis.heldForBills}
          />
        </InTurn>
      )}
      {analysis && (
        <InTurn name="Debts">
          <Suspense fallback={null}>
            <DebtsSection timeZone={timeZone} onDebtFree={showDebtFree} />
          </Suspense>
        </InTurn>
      )}
      <InTurn name="Wallet and Cash Flow Snapshot">
        <Row className="g-3 mb-3">
          {selectedWallet && (
            <Col lg={6}>
              <WalletControls
                wallets={wallets}
                selected={selectedWallet}
                onSelect={chooseWallet}
                onDone={setNotice}
              />
            </Col>
          )}
          {analysis && (
            <Col lg={6}>
              <CashFlowSnapshot analysis={analysis} hasWallet={Boolean(selectedWallet)} />
            </Col>
          )}
        </Row>
      </InTurn>
      {analysisQuery.loading && !analysis && (
        <p>
          <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
          Loading ...
        </p>
      )}
      {analysis && (
        <>
          {analysis.wallets.length > 0 && (
            <InTurn name="Wallet Overview">
              <WalletOverview analysis={analysis} onOpenRegister={setRegisterWallet} />
            </InTurn>
          )}
          <InTurn name="Last Income Received and Next Expected Income">
            <Row className="g-3">
              <Col lg={6}>
                <LastIncomeTable
                  rows={analysis.lastIncomeReceived}
                  total={analysis.lastIncomeTotal}
                  selection={deposits}
                  selectedTotal={selectedDepositTotal}
                  canDeposit={
                    canWrite &&
                    Boolean(selectedWallet) &&
                    selectedDeposits(analysis.lastIncomeReceived, deposits).length > 0
                  }
                  disabled={!canWrite || !selectedWallet}
                  depositing={depositState.loading}
                  onToggle={(row, on) => setDeposits((current) => toggleDeposit(current, row, on))}
                  onDeposit={() => void deposit(selectedDeposits(analysis.lastIncomeReceived, deposits))}
                />
              </Col>
              <Col lg={6}>
                <NextIncomeTable
                  rows={analysis.nextIncome}
                  total={analysis.nextIncomeTotal}
                  nextIncomeDate={analysis.nextIncomeDate}
                />
              </Col>
            </Row>
          </InTurn>
          <InTurn name={obligationsTitle}>
            <ObligationsTable
              title={obligationsTitle}
              rows={analysis.obligations}
              total={analysis.obligationsTotal}
              today={today}
              changes={changes}
              pendingCleared={pendingClearedTotal(analysis.obligations, changes)}
              pending={pendingPaid}
              disabled={!canWrite || !selectedWallet}
              saving={saveState.loading}
              onPaid={(row, paid) => setChanges((current) => setPaid(current, row, paid))}
              onCleared={(row, cleared) => setChanges((current) => setCleared(current, row, cleared))}
              onAmountPaid={(row, amount) => setChanges((current) => setAmountPaid(current, row, amount))}
              onSave={() => void savePaid()}
              onSkip={skip}
              onUndo={undo}
              busyRowKey={busyRowKey}
            />
          </InTurn>
          <InTurn name="Obligations Due Within 30 Days">
            <ComingDueTable rows={analysis.comingDue} />
          </InTurn>
        </>
      )}
      {registerWallet && (
        <WalletRegisterModal wallet={registerWallet} onClose={() => setRegisterWallet(null)} />
      )}
    </section>
  );
}
