import type { RecurringSuggestion } from '../../generated/graphql';
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
