import { badUserInput } from '../errors';

const WALLET_BALANCE_CHECK = 'wallet_balance_cents_check';

/**
 * A wallet balance pushed beyond ±999,999,999.99 violates the table's CHECK: that is the user's
 * input error, answered as BAD_USER_INPUT after the transaction rolled back.
 */
export function translateBalanceOverflow(error: unknown): never {
  const failure = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  const constraint = failure.constraint ?? failure.driverError?.constraint;
  if (failure.code === '23514' && constraint === WALLET_BALANCE_CHECK) {
    throw badUserInput('A wallet balance must stay between -$999,999,999.99 and $999,999,999.99', 'balance');
  }
  throw error;
}
