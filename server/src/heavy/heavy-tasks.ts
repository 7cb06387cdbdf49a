import {
  findRecurringStreams,
  learningKey,
  ledgerKeys,
  payeeKey,
  readStatement,
  ruleMatches,
  StatementError,
  suggestRecurring,
  type CategorizableRow,
  type CategoryRule,
  type DismissedPayee,
  type HistoryRow,
  type IsoDate,
  type ParsedStatement,
  type PlannedItem,
  type ReadOptions,
  type ReadResult,
  type RecurringStream,
} from '@truenet/core';
import {
  dateSpan,
  previewRows,
  rowsOfMoney,
  type KnownKeys,
  type MatchCandidates,
  type RowWithWords,
} from '../modules/imports/preview-rows';

/**
 * The work that holds a thread for a tenth of a second and more on a large household: core's pure
 * functions, run by heavy-worker.ts off the request thread (heavy-pool.ts). Each takes and answers
 * plain data (what a worker can be sent), and each is the one place its rule is applied.
 */
export const HEAVY_TASKS = {
  /**
   * A statement file read (core's readStatement: 50-110 ms for 10,000 rows), its rows of money with
   * the payee key and built-in category their words give (as long again) and their ledger keys. A
   * file core refuses comes back as `refused`, with what the person is told: an error's class does
   * not cross threads. The rows go back as JSON text, for the preview's next task to read: a string
   * crosses threads as one copy, where 10,000 objects would be rebuilt on the request thread.
   */
  readStatementFile(input: { fileName: string; bytes: Uint8Array; options: ReadOptions }): StatementFileRead {
    let read: ReadResult;
    try {
      read = readStatement(input.fileName, input.bytes, input.options);
    } catch (error) {
      if (!(error instanceof StatementError)) throw error;
      return { kind: 'refused', message: error.message, code: error.code, accounts: error.accounts };
    }
    if (read.kind !== 'statement') return read;
    const { rows: all, ...statement } = read.statement;
    const rows = rowsOfMoney(all);
    return {
      kind: 'statement',
      encoding: read.encoding,
      statement,
      rowsJson: JSON.stringify(rows),
      keys: ledgerKeys(rows),
      span: dateSpan(rows),
    };
  },

  /** The preview's rows (preview-rows.ts) as the JSON text stored with the preview. */
  previewRowsJson(input: {
    rowsJson: string;
    keys: string[];
    known: KnownKeys;
    candidates: MatchCandidates;
  }): string {
    const rows = JSON.parse(input.rowsJson) as RowWithWords[];
    return JSON.stringify(previewRows(rows, input.keys, input.known, input.candidates));
  },

  /**
   * Found in your bank: the streams of a household's history (the statement history as the JSON
   * text recurring.service reads), less its plan and what it dismissed.
   */
  recurringSuggestions(input: {
    history: string;
    today: IsoDate;
    plan: readonly PlannedItem[];
    dismissed: readonly DismissedPayee[];
  }): RecurringStream[] {
    return suggestRecurring(
      findRecurringStreams(historyOf(input.history), input.today),
      input.plan,
      input.dismissed,
    );
  },

  /**
   * How many of the ledger's rows each rule matches (the Rules list; a rule just saved): the rows
   * as recategorize.ts reads them, one JSON text.
   */
  ruleMatchCounts(input: { rows: string; rules: readonly CategoryRule[] }): number[] {
    const rows = ledgerRowsOf(input.rows);
    return input.rules.map((rule) => rows.filter((row) => ruleMatches(rule, row)).length);
  },

  /** A rule applied to the past: the rows it matches, with the payee keys their category is learned by. */
  rowsMatchingRule(input: { rows: string; rule: CategoryRule }): RuleMatch[] {
    return ledgerRowsOf(input.rows)
      .filter((row) => ruleMatches(input.rule, row))
      .map((row) => ({
        table: row.table,
        id: row.id,
        payeeKey: row.payeeKey,
        learningKey: learningKey(row.payeeKey),
      }));
  },
};

export type StatementFileRead =
  | Exclude<ReadResult, { kind: 'statement' }>
  | {
      kind: 'statement';
      encoding: ReadResult['encoding'];
      statement: Omit<ParsedStatement, 'rows'>;
      rowsJson: string;
      keys: string[];
      span: { first: string; last: string } | null;
    }
  | { kind: 'refused'; message: string; code: StatementError['code']; accounts: string[] };

/** A row a rule matched: in the statement history ('h') or the register ('r'). */
export interface RuleMatch {
  table: 'h' | 'r';
  id: string;
  payeeKey: string;
  learningKey: string;
}

interface LedgerRow extends CategorizableRow {
  table: 'h' | 'r';
  id: string;
}

/** [table, id, wallet, signed cents, description, payee key] arrays, as the ledger is read, into rows a rule reads. */
export function ledgerRowsOf(text: string): LedgerRow[] {
  const rows = JSON.parse(text) as ['h' | 'r', string, number | string, string, string, string | null][];
  return rows.map(([table, id, walletId, cents, description, key]) => {
    const signed = Number(cents);
    return {
      table,
      id,
      walletId: String(walletId),
      direction: signed < 0 ? 'SPENT' : 'DEPOSITED',
      amountCents: Math.abs(signed),
      description,
      payeeKey: key ?? payeeKey(description),
    };
  });
}

/** [wallet, date, cents, description, bill, pay] arrays, as the history is read, into core's rows. */
export function historyOf(text: string): HistoryRow[] {
  const rows = JSON.parse(text) as [string, string, string, string | null, string | null, string | null][];
  return rows.map(([walletId, date, cents, description, liabilityId, incomeSourceId]) => ({
    walletId,
    date,
    amountCents: Number(cents),
    description: description ?? '',
    liabilityId,
    incomeSourceId,
  }));
}

export type HeavyTaskName = keyof typeof HEAVY_TASKS;
export type HeavyInput<T extends HeavyTaskName> = Parameters<(typeof HEAVY_TASKS)[T]>[0];
export type HeavyOutput<T extends HeavyTaskName> = ReturnType<(typeof HEAVY_TASKS)[T]>;
