/**
 * A rule of the domain was broken by the input (a bad amount, an unknown time zone, a date that is
 * not a pay date...). The message is written for a person; `field` names the input at fault, when
 * there is one, so the server can report it as a per-field `BAD_USER_INPUT`.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
