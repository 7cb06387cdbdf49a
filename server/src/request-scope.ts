import type { RequestUser } from './modules/auth/request-user';
import type { AppDeps } from './deps';

/**
 * What one request knows of its caller, whatever the transport: GraphQL's context extends it and
 * REST builds it from the Express request, so policies ask the same questions of both.
 */
export class RequestScope {
  /** Per-request memo of the caller's account and subscription status (policies read each once). */
  readonly cache = new Map<string, unknown>();

  constructor(
    readonly deps: AppDeps,
    /** The caller; replaced by the proven account once a policy has read it (policies.ts). */
    public user: RequestUser | null,
    /** Why a presented credential was refused, if it was. */
    readonly authFailure: string | undefined,
  ) {}
}
