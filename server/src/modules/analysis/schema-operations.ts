import {
  buildASTSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { schemaDocument } from '../../graphql/schema';

/**
 * Test support: the operations of schema.graphql, with variables generated from their argument
 * types, so that tests iterate the API itself and a new operation cannot be forgotten.
 */

export type IdKind =
  | 'wallet'
  | 'incomeSource'
  | 'liability'
  | 'apiToken'
  | 'calendarFeed'
  | 'payment'
  | 'passkey'
  | 'importPreview'
  | 'importBatch'
  | 'transaction'
  | 'bankConnection'
  | 'bankAccount'
  | 'pushDevice'
  | 'household'
  | 'invitation'
  | 'member'
  | 'recurringSuggestion'
  | 'amountChange'
  | 'category'
  | 'categoryRule'
  | 'ledgerRow'
  | 'budget';

/** The kinds whose ids are uuids (a missing one is written as a uuid no row has). */
export const UUID_ID_KINDS: readonly IdKind[] = [
  'apiToken',
  'calendarFeed',
  'passkey',
  'importPreview',
  'importBatch',
  'household',
  'invitation',
];

export interface SchemaOperation {
  kind: 'query' | 'mutation';
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export const schema: GraphQLSchema = buildASTSchema(schemaDocument);

export function schemaOperations(): SchemaOperation[] {
  const operations: SchemaOperation[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {}))
      operations.push({ kind, name: field.name, field });
  }
  return operations;
}

/** What an ID argument or input field points at; undefined when the test cannot tell (a new kind). */
export function idKindOf(operationName: string, fieldName: string): IdKind | undefined {
  if (fieldName === 'walletId') return 'wallet';
  if (fieldName === 'incomeSourceId' || fieldName === 'markIncomeSourceId') return 'incomeSource';
  if (fieldName === 'liabilityId' || fieldName === 'settleLiabilityId') return 'liability';
  if (fieldName === 'paymentId') return 'payment';
  if (fieldName === 'previewId') return 'importPreview';
  if (fieldName === 'bankAccountId') return 'bankAccount';
  if (fieldName === 'memberId') return 'member';
  if (fieldName === 'categoryId' || fieldName === 'parentId' || fieldName === 'moveTo') return 'category';
  if (fieldName === 'rowId') return 'ledgerRow';
  // The debt plan's CUSTOM order: the household's debts (bills with a balance).
  if (fieldName === 'order' && operationName === 'debtPlan') return 'liability';
  if (fieldName !== 'id') return undefined;
  if (/Wallet/.test(operationName)) return 'wallet';
  if (/IncomeSource/.test(operationName)) return 'incomeSource';
  if (/Liability/.test(operationName)) return 'liability';
  if (/ApiToken/.test(operationName)) return 'apiToken';
  if (/CalendarFeed/.test(operationName)) return 'calendarFeed';
  if (/Passkey/.test(operationName)) return 'passkey';
  if (/ImportBatch/.test(operationName)) return 'importBatch';
  if (/BankConnection/.test(operationName)) return 'bankConnection';
  if (/Push/.test(operationName)) return 'pushDevice';
  if (/Transaction/.test(operationName)) return 'transaction';
  if (/Household/.test(operationName)) return 'household';
  if (/Invitation/.test(operationName)) return 'invitation';
  if (/RecurringSuggestion/.test(operationName)) return 'recurringSuggestion';
  if (/AmountChange/.test(operationName)) return 'amountChange';
  if (/CategoryRule/.test(operationName)) return 'categoryRule';
  if (/Budget/.test(operationName)) return 'budget';
  if (/Category/.test(operationName)) return 'category';
  return undefined;
}

/** One ID position of an operation, as a path of argument/field names ('input.walletId', 'changes.liabilityId'). */
export interface IdPosition {
  path: string;
  kind: IdKind | undefined;
}

function idPositionsOf(
  operationName: string,
  name: string,
  type: GraphQLInputType,
  prefix: string,
): IdPosition[] {
  const named = getNamedType(type);
  const path = prefix ? `${prefix}.${name}` : name;
  if (named.name === 'ID') return [{ path, kind: idKindOf(operationName, name) }];
  if (!isInputObjectType(named)) return [];
  return Object.values(named.getFields()).flatMap((field) =>
    idPositionsOf(operationName, field.name, field.type, path),
  );
}

export function idPositions(operation: SchemaOperation): IdPosition[] {
  return operation.field.args.flatMap((arg) => idPositionsOf(operation.name, arg.name, arg.type, ''));
}

/** Plausible values for the scalars and a few named fields, so that input validation passes. */
export interface ValueHints {
  today: string;
  timeZone: string;
  /** The id to put at an ID position (by path and kind). */
  idFor(path: string, kind: IdKind | undefined): string;
}

function valueFor(
  type: GraphQLInputType,
  name: string,
  path: string,
  operationName: string,
  hints: ValueHints,
): unknown {
  if (isNonNullType(type)) return valueFor(type.ofType, name, path, operationName, hints);
  if (isListType(type)) return [valueFor(type.ofType as GraphQLInputType, name, path, operationName, hints)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields()).map((field) => [
        field.name,
        valueFor(field.type, field.name, `${path}.${field.name}`, operationName, hints),
      ]),
    );
  }
  if (name === 'timeZone') return hints.timeZone;
  // A statement that reads, so that a call gets as far as its ids.
  if (name === 'contentBase64') return Buffer.from('OFXHEADER:100\n\n<OFX></OFX>').toString('base64');
  if (name === 'delimiter') return ',';
  if (/url$/i.test(name)) return 'example.com';
  if (name === 'email' || name === 'senderEmail') return 'someone@example.com';
  switch (type.name) {
    case 'ID':
      return hints.idFor(path, idKindOf(operationName, name));
    case 'String':
      return 'Example';
    case 'Boolean':
      return true;
    case 'Int':
      return 1;
    case 'Float':
      return 1;
    case 'Money':
      return 1;
    case 'Date':
      return hints.today;
    case 'DateTime':
      return new Date().toISOString();
    default:
      throw new Error(`No test value for scalar ${type.name}`);
  }
}

/** The operation's document (`query op($a: T) { field(a: $a) { __typename } }`) and its variables. */
export function buildOperation(operation: SchemaOperation, hints: ValueHints) {
  const args = operation.field.args as readonly GraphQLArgument[];
  const definitions = args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isObjectType(getNamedType(operation.field.type)) ? ' { __typename }' : '';
  const document = `${operation.kind} ${operation.name}Op${definitions ? `(${definitions})` : ''} { ${operation.name}${
    passed ? `(${passed})` : ''
  }${selection} }`;
  const variables = Object.fromEntries(
    args.map((arg) => [arg.name, valueFor(arg.type, arg.name, arg.name, operation.name, hints)]),
  );
  return { document, variables };
}
