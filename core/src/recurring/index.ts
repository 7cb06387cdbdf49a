export * from './types';
export { payeeKey, payeeName } from './payee';
export { OCCURRENCES_A_YEAR, PERIOD_DAYS } from './cadence';
export { findRecurringStreams } from './streams';
export { defaultDebtType, suggestRecurring, type DismissedPayee, type PlannedItem } from './suggest';
export { amountChangeLine, changedAmount } from './amount-changes';
export { payThatArrived, SAME_PAY_DAYS, type ArrivingPay } from './pay-that-arrived';
export { ownTransfers, type MovedMoney } from './transfers';
