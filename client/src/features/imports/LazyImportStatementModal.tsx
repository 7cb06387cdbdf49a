import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';

const ImportStatementModal = lazy(() =>
  import('./ImportStatementModal').then((module) => ({ default: module.ImportStatementModal })),
);

/** The import screen, fetched when a person first opens it: most visits never import. */
export function LazyImportStatementModal(props: ComponentProps<typeof ImportStatementModal>) {
  return (
    <Suspense fallback={null}>
      <ImportStatementModal {...props} />
    </Suspense>
  );
}
