import type { ApolloCache, OperationVariables } from '@apollo/client';
import {
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { nextTask } from '../../kit/nextTask';

/** The names of the fragments a selection set spreads, directly or through other fragments. */
function fragmentsSpread(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  found: Set<string>,
): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (found.has(name) || !fragment) continue;
      found.add(name);
      fragmentsSpread(fragment.selectionSet, fragments, found);
    } else if (selection.selectionSet) {
      fragmentsSpread(selection.selectionSet, fragments, found);
    }
  }
  return found;
}

const partsOf = new WeakMap<DocumentNode, readonly DocumentNode[]>();

/**
 * `document`'s query cut into one query per selection at its root (a field, or a fragment spread on
 * Query), each carrying only the fragments it uses: together they select exactly what it does.
 */
export function rootSelectionParts(document: DocumentNode): readonly DocumentNode[] {
  const known = partsOf.get(document);
  if (known) return known;
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation) throw new Error('rootSelectionParts: the document has no operation');
  const fragments = new Map(
    document.definitions
      .filter(
        (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const parts = operation.selectionSet.selections.map((selection): DocumentNode => {
    const selectionSet: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [selection] };
    const used = fragmentsSpread(selectionSet, fragments, new Set());
    const definitions: DefinitionNode[] = [
      { ...operation, selectionSet },
      ...[...used].flatMap((name) => fragments.get(name) ?? []),
    ];
    return { kind: Kind.DOCUMENT, definitions };
  });
  partsOf.set(document, parts);
  return parts;
}

/**
 * Writes a large answer into the cache one root selection at a time, each in a task of its own, and
 * tells the cache's watchers once, after the last. One write of the whole answer normalizes it in
 * a single task a phone feels as a frozen page; in parts, no task is longer than its largest part.
 */
export async function writeInParts(
  cache: ApolloCache,
  document: DocumentNode,
  variables: OperationVariables,
  data: Record<string, unknown>,
): Promise<void> {
  const parts = rootSelectionParts(document);
  for (const [index, query] of parts.entries()) {
    if (index > 0) await nextTask();
    const last = index === parts.length - 1;
    cache.writeQuery({ query, variables, data, broadcast: last });
  }
}
