import { useQuery } from '@apollo/client/react';
import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { saveFile } from '../../app/browser';
import { formatDollars } from '../../components/money/money';
import { ReportsDocument } from '../../gql/graphql';
import { browserTimeZone, todayIn } from '../../kit/dates';
import { LoadingStatus } from '../dashboard/DashboardSkeleton';
import { ChartLegend, ColumnChart } from './ColumnChart';
import {
  anyFlow,
  cashFlowCsv,
  cashFlowSummary,
  dayName,
  monthName,
  netWorthCsv,
  netWorthSummary,
  periodsCsv,
  periodsSummary,
  REST,
  spendingCsv,
  spendingSeries,
  spendingStack,
  spendingSummary,
  type MonthFlowView,
  type NetWorthView,
  type PeriodView,
} from './reportsView';
import './reports.css';

const SPANS = [6, 12, 24, 36] as const;
const CATEGORY_TONES = ['tn-tone-c0', 'tn-tone-c1', 'tn-tone-c2', 'tn-tone-c3', 'tn-tone-c4'];

/** A chart's card: its title, its one-sentence summary, the chart, the table behind it and its CSV. */
function ReportCard({
  title,
  summary,
  csv,
  fileName,
  chart,
  table,
}: {
  title: string;
  summary: string;
  csv: string;
  fileName: string;
  chart: (summaryId: string) => ReactNode;
  table: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className="mb-3 shadow-sm">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
          <Card.Title as="h3" id={titleId} className="h6 mb-1">
            {title}
          </Card.Title>
          <Button
            variant="link"
            size="sm"
            className="p-0"
            onClick={() => saveFile(fileName, csv, 'text/csv')}
          >
            Download CSV
          </Button>
        </div>
        <p id={summaryId} className="text-body-secondary small">
          {summary}
        </p>
        {chart(summaryId)}
        <details className="mt-2">
          <summary className="small">The numbers</summary>
          {/* Focusable: a table wider than a phone scrolls sideways from the keyboard too. */}
          <div
            className="table-responsive mt-2"
            tabIndex={0}
            role="group"
            aria-label={`${title}: the numbers`}
          >
            {table}
          </div>
        </details>
      </Card.Body>
    </Card>
  );
}

/** The numbers behind a chart: a row per column of it, its label first, then its amounts. */
function ReportTable({
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: readonly { key: string; label: string; amounts: readonly number[] }[];
}) {
  return (
    <Table size="sm" className="small mb-0">
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={column} scope="col" className={index === 0 ? undefined : 'text-end'}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="fw-normal text-nowrap">
              {row.label}
            </th>
            {row.amounts.map((amount, index) => (
              <td key={columns[index + 1] ?? index} className="text-end text-nowrap">
                {formatDollars(amount)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function CashFlowCard({ months }: { months: readonly MonthFlowView[] }) {
  const out = months.map((month) => Math.round((month.bills + month.spending) * 100) / 100);
  return (
    <ReportCard
      title="Cash flow by month"
      summary={cashFlowSummary(months)}
      csv={cashFlowCsv(months)}
      fileName="truenet-cash-flow.csv"
      chart={(summaryId) =>
        !anyFlow(months) ? null : (
          <>
            <ChartLegend
              series={[
                { key: 'in', name: 'Money in', tone: 'tn-tone-in' },
                { key: 'out', name: 'Bills and spending', tone: 'tn-tone-out' },
                { key: 'net', name: 'Net', tone: 'tn-tone-net' },
              ]}
            />
            <ColumnChart
              label="Cash flow by month"
              describedBy={summaryId}
              columns={months.map((month) => monthName(month.month, true))}
              bars={[
                {
                  key: 'in',
                  name: 'Money in',
                  tone: 'tn-tone-in',
                  values: months.map((month) => month.income),
                },
                { key: 'out', name: 'Bills and spending', tone: 'tn-tone-out', values: out },
              ]}
              lines={[
                { key: 'net', name: 'Net', tone: 'tn-tone-net', values: months.map((month) => month.net) },
              ]}
              describe={(index) => {
                const month = months[index] as MonthFlowView;
                return `${monthName(month.month)}: in ${formatDollars(month.income)}, bills ${formatDollars(month.bills)}, spending ${formatDollars(month.spending)}, net ${formatDollars(month.net)}`;
              }}
            />
          </>
        )
      }
      table={
        <ReportTable
          columns={['Month', 'In', 'Bills', 'Spending', 'Net']}
          rows={months.map((month) => ({
            key: month.month,
            label: monthName(month.month),
            amounts: [month.income, month.bills, month.spending, month.net],
          }))}
        />
      }
    />
  );
}

function SpendingCard({ months }: { months: readonly MonthFlowView[] }) {
  const series = spendingSeries(months);
  const stacks = months.map((month) => spendingStack(month, series));
  const toned = series.map((one, index) => ({
    ...one,
    tone: one.key === REST ? 'tn-tone-rest' : (CATEGORY_TONES[index] ?? 'tn-tone-rest'),
  }));
  return (
    <ReportCard
      title="Spending by category"
      summary={spendingSummary(months, series)}
      csv={spendingCsv(months, series)}
      fileName="truenet-spending-by-category.csv"
      chart={(summaryId) =>
        months.every((month) => month.spending <= 0) ? null : (
          <>
            <ChartLegend series={toned} />
            <ColumnChart
              label="Spending by category"
              describedBy={summaryId}
              columns={months.map((month) => monthName(month.month, true))}
              stacked
              bars={toned.map((one) => ({ ...one, values: stacks.map((stack) => stack[one.key] ?? 0) }))}
              describe={(index) => {
                const month = months[index] as MonthFlowView;
                const parts = toned
                  .filter((one) => (stacks[index]?.[one.key] ?? 0) > 0)
                  .map((one) => `${one.name} ${formatDollars(stacks[index]?.[one.key] ?? 0)}`);
                return `${monthName(month.month)}: ${formatDollars(month.spending)} spent${parts.length ? ` (${parts.join(', ')})` : ''}`;
              }}
            />
          </>
        )
      }
      table={
        <ReportTable
          columns={['Month', ...series.map((one) => one.name), 'Total']}
          rows={months.map((month, index) => ({
            key: month.month,
            label: monthName(month.month),
            amounts: [...series.map((one) => stacks[index]?.[one.key] ?? 0), month.spending],
          }))}
        />
      }
    />
  );
}

function NetWorthCard({ points, currentYear }: { points: readonly NetWorthView[]; currentYear: string }) {
  return (
    <ReportCard
      title="Net worth"
      summary={netWorthSummary(points)}
      csv={netWorthCsv(points)}
      fileName="truenet-net-worth.csv"
      chart={(summaryId) => (
        <>
          <ChartLegend
            series={[
              { key: 'worth', name: 'Net worth', tone: 'tn-tone-net' },
              { key: 'wallets', name: 'Wallets', tone: 'tn-tone-in' },
              { key: 'debts', name: 'Debts', tone: 'tn-tone-out' },
            ]}
          />
          <ColumnChart
            label="Net worth"
            describedBy={summaryId}
            columns={points.map((point) => dayName(point.date))}
            lines={[
              {
                key: 'wallets',
                name: 'Wallets',
                tone: 'tn-tone-in',
                values: points.map((point) => point.wallets),
              },
              {
                key: 'debts',
                name: 'Debts',
                tone: 'tn-tone-out',
                values: points.map((point) => point.debts),
              },
              {
                key: 'worth',
                name: 'Net worth',
                tone: 'tn-tone-net',
                values: points.map((point) => point.netWorth),
              },
            ]}
            describe={(index) => {
              const point = points[index] as NetWorthView;
              return `${dayName(point.date, currentYear)}: net worth ${formatDollars(point.netWorth)} (wallets ${formatDollars(point.wallets)}, debts ${formatDollars(point.debts)})`;
            }}
          />
        </>
      )}
      table={
        <ReportTable
          columns={['Date', 'Wallets', 'Debts', 'Net worth']}
          rows={points.map((point) => ({
            key: point.date,
            label: dayName(point.date, currentYear),
            amounts: [point.wallets, point.debts, point.netWorth],
          }))}
        />
      }
    />
  );
}

function PeriodsCard({ periods, currentYear }: { periods: readonly PeriodView[]; currentYear: string }) {
  return (
    <ReportCard
      title="Pay periods: true net income and what was left"
      summary={periodsSummary(periods)}
      csv={periodsCsv(periods)}
      fileName="truenet-pay-periods.csv"
      chart={(summaryId) =>
        periods.length === 0 ? null : (
          <>
            <ChartLegend
              series={[
                { key: 'true', name: 'True net income', tone: 'tn-tone-c2' },
                { key: 'left', name: 'Left at the end', tone: 'tn-tone-c0' },
              ]}
            />
            <ColumnChart
              label="Pay periods"
              describedBy={summaryId}
              columns={periods.map((period) => dayName(period.start))}
              bars={[
                {
                  key: 'true',
                  name: 'True net income',
                  tone: 'tn-tone-c2',
                  values: periods.map((period) => period.trueNetIncome),
                },
                {
                  key: 'left',
                  name: 'Left at the end',
                  tone: 'tn-tone-c0',
                  values: periods.map((period) => period.leftAtEnd),
                },
              ]}
              describe={(index) => {
                const period = periods[index] as PeriodView;
                return `${dayName(period.start, currentYear)} to ${dayName(period.end, currentYear)}: pay ${formatDollars(period.pay)}, true net income ${formatDollars(period.trueNetIncome)}, left ${formatDollars(period.leftAtEnd)}`;
              }}
            />
          </>
        )
      }
      table={
        <ReportTable
          columns={['Period', 'Pay', 'Bills', 'Other spending', 'True net income', 'Left at the end']}
          rows={periods.map((period) => ({
            key: period.start,
            label: `${dayName(period.start, currentYear)} – ${dayName(period.end, currentYear)}`,
            amounts: [period.pay, period.bills, period.otherSpending, period.trueNetIncome, period.leftAtEnd],
          }))}
        />
      }
    />
  );
}

/**
 * Reports (docs/product-rules.md §25): the year looked back on in four charts, each with a
 * sentence, the table behind it and its CSV: cash flow by month, spending by category over the
 * months, net worth, and each past pay period's true net income against what was left.
 */
export function ReportsTab() {
  const timeZone = browserTimeZone();
  const currentYear = todayIn(timeZone).slice(0, 4);
  const [months, setMonths] = useState<(typeof SPANS)[number]>(12);
  // About two pay periods a month (every other week), as far back as the months go.
  const reports = useQuery(ReportsDocument, {
    variables: { months, periods: Math.min(36, months * 2), timeZone },
  });
  const data = reports.data ?? reports.previousData;

  return (
    <section aria-labelledby="reports-heading" className="tn-reports">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="reports-heading" className="h4 mb-0">
          Your year in pictures
        </h2>
        <div className="d-flex align-items-center gap-2">
          <span className="small text-body-secondary d-sm-none" aria-hidden="true">
            Months
          </span>
          <div className="tn-segmented" role="group" aria-label="How far back">
            {SPANS.map((span) => (
              <Button
                key={span}
                variant={months === span ? 'primary' : 'link'}
                size="sm"
                className="text-nowrap"
                aria-pressed={months === span}
                aria-label={`${span} months`}
                onClick={() => setMonths(span)}
              >
                {span}
                <span className="d-none d-sm-inline"> months</span>
              </Button>
            ))}
          </div>
        </div>
      </div>
      {!data ? (
        reports.error ? (
          <p className="text-danger">Reports could not be loaded. Try again.</p>
        ) : (
          <LoadingStatus />
        )
      ) : (
        <>
          <CashFlowCard months={data.cashFlowByMonth} />
          <SpendingCard months={data.cashFlowByMonth} />
          <NetWorthCard points={data.netWorth} currentYear={currentYear} />
          <PeriodsCard periods={data.payPeriodHistory} currentYear={currentYear} />
        </>
      )}
    </section>
  );
}
