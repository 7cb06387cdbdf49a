import type {
  GatewayExecutor,
  GatewayGraphQLRequestContext,
  GatewayInterface,
} from '@apollo/server-gateway-interface';
import { execute, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/**
 * Runs operations with graphql-jit: a document Apollo has parsed and validated is compiled once
 * into a function that walks exactly its fields, instead of graphql-js interpreting the document
 * field by field on every request (the analysis answers about 200 fields). Issue #23 measured
 * graphql-js's execution as the largest share of the API's own CPU.
 *
 * - A document is compiled the second time it runs: the web client's documents and a script's
 *   repeated query pay for compiling once, while a one-off document (or a flood of distinct ones)
 *   is interpreted by graphql-js and costs no compilation at all.
 * - Compilations live as long as Apollo's document store keeps the parsed document (a WeakMap on
 *   it), so they are bounded by the same cache.
 * - Only queries: graphql-jit runs every root field of a mutation, where graphql-js stops at the
 *   first that fails (the per-account sign-in limit counts on that), and mutations are not the
 *   hot path.
 * - A request that never runs (variables that do not coerce) is answered by graphql-js, so its
 *   errors carry graphql-js's own words and nodes, which Apollo and formatError read.
 */
type Compiled = CompiledQuery | 'interpret';

interface DocumentRuns {
  seen: Set<string>;
  compiled: Map<string, Compiled>;
}

/**
 * graphql-jit's errors are GraphQLErrors with read-only fields; plugins that reword a message
 * (graphql-armor's suggestion mask) assign to it, so each becomes graphql-js's own kind.
 */
function asGraphQLJsError(error: GraphQLError): GraphQLError {
  const copy = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  if (error.locations) Object.assign(copy, { locations: error.locations });
  return copy;
}

/** Apollo's hook for an executor of its own (its documented replacement of AS3's `executor`). */
export interface CompiledExecution extends GatewayInterface {
  /** How many operations have been compiled since start (for tests and diagnostics). */
  readonly compilations: number;
}

export function compiledExecution(schema: GraphQLSchema): CompiledExecution {
  const runs = new WeakMap<DocumentNode, DocumentRuns>();
  let compilations = 0;

  function compiledFor(document: DocumentNode, operationName: string | undefined): Compiled | undefined {
    const key = operationName ?? '';
    let entry = runs.get(document);
    if (!entry) {
      entry = { seen: new Set(), compiled: new Map() };
      runs.set(document, entry);
    }
    const known = entry.compiled.get(key);
    if (known) return known;
    if (!entry.seen.has(key)) {
      entry.seen.add(key);
      return undefined;
    }
    compilations += 1;
    // A document graphql-jit cannot compile (it answers or throws errors) stays with graphql-js.
    let result: Compiled = 'interpret';
    try {
      const compiled = compileQuery(schema, document, operationName);
      if (isCompiledQuery(compiled)) result = compiled;
    } catch {
      // graphql-js runs it, as it would have without this module.
    }
    entry.compiled.set(key, result);
    return result;
  }

  const interpret = (context: GatewayGraphQLRequestContext): Promise<ExecutionResult> | ExecutionResult =>
    execute({
      schema,
      document: context.document,
      contextValue: context.context,
      variableValues: context.request.variables,
      operationName: context.operationName ?? context.request.operationName,
    });

  const executor: GatewayExecutor = async (context) => {
    if (context.operation.operation !== 'query') return interpret(context);
    const operationName = context.operationName ?? context.request.operationName ?? undefined;
    const compiled = compiledFor(context.document, operationName);
    if (compiled === undefined || compiled === 'interpret') return interpret(context);
    const result = await compiled.query(undefined, context.context, context.request.variables ?? {});
    // No data at all: the operation never ran (its variables were refused).
    if (result.data === undefined) return interpret(context);
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLJsError) } : result;
  };

  return {
    get compilations() {
      return compilations;
    },
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}
