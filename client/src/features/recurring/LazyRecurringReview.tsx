import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';

const RecurringReview = lazy(() =>
  import('./RecurringReview').then((module) => ({ default: module.RecurringReview })),
);

/** The review of what was found in the bank, fetched when a person first opens it. */
export function LazyRecurringReview(props: ComponentProps<typeof RecurringReview>) {
  return (
    <Suspense fallback={null}>
      <RecurringReview {...props} />
    </Suspense>
  );
}
