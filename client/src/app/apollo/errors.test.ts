import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describeFailure, messageForPeople, SOMETHING_WENT_WRONG, toSaveError } from './errors';

describe('messages for people', () => {
  it('keeps the messages the server wrote for people', () => {
    expect(messageForPeople('Enter a valid email address', 'BAD_USER_INPUT')).toBe(
      'Enter a valid email address',
    );
    expect(messageForPeople(SOMETHING_WENT_WRONG, 'INTERNAL_SERVER_ERROR')).toBe(SOMETHING_WENT_WRONG);
  });

  it.each([
    ['Variable "$input" got invalid value 9999999999999 at "input.transaction.amount"', 'BAD_USER_INPUT'],
    ['duplicate key value violates unique constraint "income_source_pkey"', 'INTERNAL_SERVER_ERROR'],
    ['Cannot query field "x" on type "Query".', 'GRAPHQL_VALIDATION_FAILED'],
    ['anything at all', undefined],
  ])('never shows server internals: %s', (message, code) => {
    expect(messageForPeople(message, code)).toBe(SOMETHING_WENT_WRONG);
    const error = new CombinedGraphQLErrors({
      errors: [{ message, extensions: code ? { code } : {} }],
    });
    expect(describeFailure(error).message).toBe(SOMETHING_WENT_WRONG);
    expect(toSaveError(error).detail).toBe(SOMETHING_WENT_WRONG);
  });
});
