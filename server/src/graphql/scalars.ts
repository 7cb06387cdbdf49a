import { centsToNumber, DomainError, isIsoDate, parseMoney } from '@truenet/core';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/**
 * A value a scalar refuses: a GraphQLError, so graphql-js keeps its message (written for people)
 * unprefixed, and formatError can tell it from graphql-js's own coercion text.
 */
export class ScalarInputError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: 'BAD_USER_INPUT' } });
  }
}

const badUserInput = (message: string) => new ScalarInputError(message);

/**
 * Money crosses the API as a JSON number of dollars with at most 2 decimals, and is integer cents
 * everywhere inside the server: resolvers receive and return cents; this scalar converts at the edge.
 */
export const MoneyScalar = new GraphQLScalarType<number, number>({
  name: 'Money',
  description: 'US dollars as a JSON number with at most 2 decimals (integer cents inside).',
  serialize: (cents) => centsToNumber(cents as number),
  parseValue: (value) => toCents(value),
  parseLiteral: (ast) => toCents(literalValue(ast)),
});

function literalValue(ast: ValueNode): unknown {
  if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return Number(ast.value);
  if (ast.kind === Kind.STRING) return ast.value;
  return undefined;
}

function toCents(value: unknown): number {
  if (typeof value !== 'number') throw badUserInput('Money must be a number with at most 2 decimals');
  try {
    return parseMoney(value);
  } catch (error) {
    throw badUserInput(error instanceof DomainError ? error.message : 'Invalid amount');
  }
}

/** A calendar date, `YYYY-MM-DD`; never a Date object. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => value as string,
  parseValue: (value) => toIsoDate(value),
  parseLiteral: (ast) => toIsoDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

function toIsoDate(value: unknown): string {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw badUserInput('Dates must be real calendar dates written YYYY-MM-DD');
  }
  return value;
}

/** An instant, ISO-8601 in UTC. */
export const DateTimeScalar = new GraphQLScalarType<Date | string, string>({
  name: 'DateTime',
  description: 'An instant, ISO-8601 UTC.',
  serialize: (value) =>
    value instanceof Date ? value.toISOString() : new Date(value as string).toISOString(),
  parseValue: (value) => {
    const date = new Date(value as string);
    if (typeof value !== 'string' || Number.isNaN(date.getTime())) throw badUserInput('Invalid DateTime');
    return date;
  },
  parseLiteral: (ast) => {
    const date = ast.kind === Kind.STRING ? new Date(ast.value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw badUserInput('Invalid DateTime');
    return date;
  },
});
