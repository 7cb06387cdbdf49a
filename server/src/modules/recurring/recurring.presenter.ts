import type { AmountChange, RecurringSuggestion } from '../../generated/graphql';
import type { AmountChangeRow } from './amount-changes.service';
import type { Suggestion } from './recurring.service';

export function presentSuggestion(suggestion: Suggestion): RecurringSuggestion {
  return {
    id: suggestion.id,
    kind: suggestion.kind,
    walletId: suggestion.walletId,
    name: suggestion.name,
    frequency: suggestion.frequency,
    amount: suggestion.amountCents,
    averageAmount: suggestion.averageCents,
    amountVaries: suggestion.amountVaries,
    lastDate: suggestion.lastDate,
    nextDate: suggestion.nextDate,
    status: suggestion.status,
    occurrences: suggestion.occurrences.map((occurrence) => ({
      date: occurrence.date,
      amount: occurrence.amountCents,
      description: occurrence.description,
    })),
  };
}

export function presentAmountChange(change: AmountChangeRow): AmountChange {
  const id = String(change.itemId);
  return {
    id: change.id,
    kind: change.kind,
    liabilityId: change.kind === 'BILL' ? id : null,
    incomeSourceId: change.kind === 'INCOME' ? id : null,
    name: change.name,
    scheduled: change.scheduledCents,
    actual: change.actualCents,
    since: change.since,
  };
}
