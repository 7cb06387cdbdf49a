import type { ApolloServerPlugin } from '@apollo/server';
import type { Metrics, OperationOutcome, OperationType } from './metrics';

/**
 * Operation names become label values, and a script may name its documents anything: past this
 * many distinct names, new ones are counted as 'other' so that a loop of random names cannot
 * grow the metrics without bound.
 */
const MAX_OPERATION_NAMES = 200;

/** Times each GraphQL operation, labelled by the name of the document that ran (not the one claimed). */
export function measureOperations<T extends object>(metrics: Metrics): ApolloServerPlugin<T> {
  const seen = new Set<string>();
  const labelOf = (name: string | undefined): string => {
    if (!name) return 'anonymous';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_NAMES) return 'other';
    seen.add(name);
    return name;
  };
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operation, response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          const outcome: OperationOutcome = !errors?.length
            ? 'success'
            : errors.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR')
              ? 'failed'
              : 'refused';
          const type: OperationType = operation?.operation ?? 'unknown';
          metrics.graphqlOperation(
            labelOf(operation?.name?.value),
            type,
            outcome,
            Number(process.hrtime.bigint() - started) / 1e9,
          );
        },
      };
    },
  };
}
