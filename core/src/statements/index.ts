export * from './types';
export { statementCents } from './amounts';
export { decodeStatement, type DecodedText } from './decode';
export { detectDateOrder, readDate } from './dates';
export { csvSample, detectDelimiter, readCsv, type CsvMapping } from './csv';
export { readOfx } from './ofx';
export { readQif } from './qif';
export { readCamt053 } from './camt053';
export {
  detectFormat,
  readStatement,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_ROWS,
  type ReadOptions,
  type ReadResult,
} from './read';
export { foldDescription, ledgerKeys } from './dedupe';
export {
  matchStatementRows,
  type BillCandidate,
  type MatchableRow,
  type PayCandidate,
  type RowMatches,
  type TypedEntry,
} from './matching';
export {
  plainMessage,
  readSimplefinAnswer,
  SimplefinAnswerError,
  type SimplefinAccount,
  type SimplefinAnswer,
} from './simplefin';
