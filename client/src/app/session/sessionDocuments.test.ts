import * as generated from '../../gql/graphql';
import { documentHash, operationName } from '../trustedDocuments';
import { LogoutDocument, RefreshSessionDocument } from './sessionDocuments';

describe('the session’s own documents', () => {
  it.each([
    ['RefreshSession', RefreshSessionDocument, generated.RefreshSessionDocument],
    ['Logout', LogoutDocument, generated.LogoutDocument],
  ] as const)(
    '%s carries the generated hash and name (copy the new hash here when it changes)',
    (_name, own, made) => {
      expect(documentHash(own)).toBe(documentHash(made));
      expect(operationName(own)).toBe(operationName(made));
    },
  );
});
