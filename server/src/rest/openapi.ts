import { DEBT_TYPES, EXPENSE_FREQUENCIES, INCOME_FREQUENCIES } from '@truenet/core';
import type { Config } from '../config';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie';

/**
 * The OpenAPI 3.1 description of the REST compatibility layer (the product specification, docs/product-rules.md §11),
 * served at GET /api/openapi.json. A test compares its paths with the routes actually mounted,
 * and the contract tests check every response against the schemas below (`additionalProperties:
 * false`, so a field named differently fails). The webhook path is there only when it is mounted
 * (with a Stripe key; the offline stand-in emits its events internally).
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const money = (description = 'US dollars, at most 2 decimals'): Schema => ({ type: 'number', description });
const date: Schema = { type: 'string', format: 'date', description: 'YYYY-MM-DD' };
const labels = (options: readonly { code: string; label: string }[]): Schema => ({
  type: 'string',
  description: `A label (${options.map((o) => `'${o.label}'`).join(', ')}); the codes are accepted on input`,
  enum: options.map((o) => o.label),
});
const labelsOrCodes = (options: readonly { code: string; label: string }[]): Schema => ({
  type: 'string',
  enum: [...options.map((o) => o.label), ...options.map((o) => o.code)],
});

/** A closed object: every listed property is required unless named optional. */
function object(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  };
}

/** An input object: open (the original client sends more) and with only the listed ones required. */
function input(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', required, properties };
}

const id: Schema = { type: 'integer' };
const debtorId: Schema = { type: 'integer', description: 'Must be the signed-in user (else 403)' };
const recordId: Schema = { type: 'integer', description: '-1 means a new record' };
const timeZone: Schema = { type: 'string', description: 'IANA time zone of the browser' };

const schemas: Record<string, Schema> = {
  Error: object(
    {
      message: { type: 'string', description: 'Text the client can show' },
      code: {
        type: 'string',
        enum: [
          'BAD_USER_INPUT',
          'UNAUTHENTICATED',
          'FORBIDDEN',
          'NOT_FOUND',
          'SUBSCRIPTION_REQUIRED',
          'RATE_LIMITED',
          'INTERNAL_SERVER_ERROR',
        ],
      },
      field: { type: 'string' },
      fields: { type: 'object', additionalProperties: { type: 'string' } },
    },
    ['field', 'fields'],
  ),
  Message: object({ message: { type: 'string' } }),
  LoginRequest: input(
    { userName: { type: 'string', maxLength: 75 }, userPassword: { type: 'string', maxLength: 75 } },
    ['userName', 'userPassword'],
  ),
  LoginResponse: object({
    accessToken: { type: 'string' },
    role: { type: 'string' },
    uid: id,
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    accountStatus: { type: 'integer', description: '1 normal, 3 temporary password, ≥ 999 unverified' },
  }),
  RefreshResponse: object({
    accessToken: { type: 'string' },
    role: { type: 'string' },
    uid: id,
    name: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    accountStatus: { type: 'integer' },
    user: { type: 'string', description: 'The username' },
  }),
  PasswordChanged: object({
    message: { type: 'string' },
    accessToken: { type: 'string' },
    role: { type: 'string' },
    uid: id,
    name: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    accountStatus: { type: 'integer' },
    user: { type: 'string' },
  }),
  Registration: input(
    {
      firstName: { type: 'string', maxLength: 50 },
      lastName: { type: 'string', maxLength: 50 },
      email: { type: 'string' },
      userName: { type: 'string' },
      userPassword: { type: 'string' },
      priceId: { type: 'string', description: "The chosen plan's price id" },
      plan: { type: 'string', enum: ['QUARTERLY', 'YEARLY'] },
      timeZone,
    },
    ['firstName', 'lastName', 'email', 'userName', 'userPassword'],
  ),
  Checkout: object({
    url: { type: 'string', description: 'The hosted checkout to send the browser to' },
    sessionId: { type: 'string' },
    uid: id,
  }),
  CheckoutRequest: input({ priceId: { type: 'string' }, plan: { type: 'string' } }, []),
  RefreshTokenSet: object({ message: { type: 'string' }, uid: id }),
  Account: object({
    message: { type: 'string' },
    id,
    uid: id,
    user: { type: 'string' },
    fname: { type: 'string' },
    lname: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'integer' },
    accountStatus: { type: 'integer' },
    role: { type: 'string' },
  }),
  ChangePassword: input({ id, oldPW: { type: 'string' }, newPW: { type: 'string' } }, ['oldPW', 'newPW']),
  UpdateAccount: input(
    { firstName: { type: 'string' }, lastName: { type: 'string' }, email: { type: 'string' }, id },
    ['firstName', 'lastName', 'email'],
  ),
  ResetRequest: input({ email: { type: 'string' } }, ['email']),
  VerifyEmail: input({ id, status: { type: 'string', description: 'The code entered' } }, ['status']),
  CreditorSuggestion: object({ creditorName: { type: 'string' }, creditorUrl: nullable('string') }),
  IncomeSourceSuggestion: object({
    sourceName: { type: 'string' },
    sourceUrl: nullable('string'),
    id: nullable('integer', { description: "The user's own source; null for a curated name" }),
  }),
  Expense: object({
    debtorId: id,
    id,
    creditorName: { type: 'string' },
    creditorUrl: nullable('string'),
    debtType: labels(DEBT_TYPES),
    frequency: labels(EXPENSE_FREQUENCIES),
    dueDate: date,
    balance: nullable('number'),
    apr: nullable('number', { description: "A debt's annual percentage rate; null: not known" }),
    payment: money(),
    autoPay: { type: 'boolean' },
    creditorDescription: nullable('string'),
    currentPaid: { type: 'boolean' },
    currentCleared: { type: 'boolean' },
    creditorDto: object({ creditorName: { type: 'string' } }),
    creditor: object({ creditorName: { type: 'string' }, creditorUrl: nullable('string') }),
  }),
  ExpenseInput: input(
    {
      debtorId,
      id: recordId,
      creditorName: { type: 'string' },
      creditorUrl: nullable('string'),
      debtType: labelsOrCodes(DEBT_TYPES),
      frequency: labelsOrCodes(EXPENSE_FREQUENCIES),
      dueDate: date,
      balance: nullable('number'),
      apr: {
        type: ['number', 'string', 'null'],
        description: "A debt's APR, 0-100 with at most 2 decimals (null or '': not known; absent: unchanged)",
      },
      payment: money(),
      autoPay: { type: 'boolean' },
      creditorDescription: nullable('string'),
      walletId: nullable('integer', {
        description: "'Paid from' (null: the default wallet; absent: unchanged)",
      }),
      timeZone,
      timezone: timeZone,
    },
    ['creditorName', 'debtType', 'frequency', 'dueDate', 'payment'],
  ),
  ExpenseList: object({ debtorCreditorDtos: { type: 'array', items: ref('Expense') } }),
  Income: object({
    debtorId: id,
    id,
    sourceName: { type: 'string' },
    sourceUrl: nullable('string'),
    incomeFrequency: labels(INCOME_FREQUENCIES),
    nextPmtDate: { ...date, description: "The form's 'Last Pay Date' (the anchor)" },
    biMonthlyPayDate: nullable('string', { format: 'date' }),
    paymentAmount: money(),
    sourceDesciption: nullable('string', { description: 'Spelled so by the specification' }),
    sourceStatus: { type: 'boolean', description: 'Active' },
    deposited: { type: 'boolean', description: "Whether the source's last occurrence is deposited" },
    incomeSourceDto: object({ sourceName: { type: 'string' } }),
    incomeSource: object({ sourceName: { type: 'string' }, sourceUrl: nullable('string') }),
  }),
  IncomeInput: input(
    {
      debtorId,
      id: recordId,
      sourceName: { type: 'string' },
      sourceUrl: nullable('string'),
      incomeFrequency: labelsOrCodes(INCOME_FREQUENCIES),
      nextPmtDate: date,
      biMonthlyPayDate: nullable('string', { format: 'date' }),
      paymentAmount: money(),
      sourceDesciption: nullable('string'),
      sourceStatus: { type: 'boolean' },
      walletId: nullable('integer', {
        description: "'Deposits to' (null: the default wallet; absent: unchanged)",
      }),
      timeZone,
      timezone: timeZone,
    },
    ['sourceName', 'incomeFrequency', 'nextPmtDate', 'paymentAmount'],
  ),
  IncomeList: object({ debtorIncomeSourceDtos: { type: 'array', items: ref('Income') } }),
  Wallet: object({
    debtorId: id,
    id,
    walletName: { type: 'string' },
    walletDescription: nullable('string'),
    balance: money('US dollars; may be negative'),
    defaultWallet: { type: 'boolean' },
    lastUpdate: nullable('string', { format: 'date-time' }),
  }),
  WalletInput: input(
    {
      debtorId,
      id: recordId,
      walletName: { type: 'string' },
      walletDescription: nullable('string'),
      balance: nullable('number'),
      timeZone,
      timezone: timeZone,
    },
    ['walletName'],
  ),
  WalletList: { type: 'array', items: ref('Wallet') },
  RegisterEntry: object({
    id,
    direction: { type: 'string', enum: ['spent', 'deposited'] },
    amount: money(),
    date,
    transactionDescription: nullable('string'),
  }),
  Deleted: object({ message: { type: 'string' }, id }),
  PayDeposits: input(
    {
      recentIncome: {
        type: 'array',
        items: input({ id, deposited: { type: 'boolean' } }, ['id', 'deposited']),
        description: "Each checked row stands for its source's last occurrence",
      },
      timezone: timeZone,
      walletId: id,
      debtorId,
    },
    ['recentIncome', 'walletId'],
  ),
  PayDeposited: object({
    wallet: ref('Wallet'),
    deposited: { type: 'array', items: object({ id, date, amount: money() }) },
    totalDeposited: money(),
  }),
  PaidInfo: input(
    {
      paidExpenses: {
        type: 'array',
        items: input(
          {
            id,
            currentPaid: { type: 'boolean' },
            currentCleared: { type: 'boolean' },
            dueDate: { ...date, description: 'The due date the row was shown with' },
            amount: {
              ...money(),
              description:
                'What was actually paid (dollars, > 0) for a row that settles; default the payment',
            },
          },
          ['id', 'currentPaid', 'currentCleared'],
        ),
      },
      timezone: timeZone,
      walletId: id,
      debtorId,
    },
    ['paidExpenses', 'walletId'],
  ),
  PaidInfoSaved: object({
    wallet: ref('Wallet'),
    debtorCreditorDtos: { type: 'array', items: ref('Expense') },
  }),
  WalletBalance: input(
    {
      updateBalance: input({ id, balance: nullable('number'), timezone: timeZone, debtorId }, ['id']),
      transaction: nullable('object', {
        required: ['direction', 'amount'],
        properties: {
          direction: { type: 'string', enum: ['spent', 'deposited'] },
          amount: money('Greater than 0; the server applies it and ignores the client balance'),
          transactionDescription: nullable('string'),
        },
      }),
    },
    ['updateBalance'],
  ),
  ContactMessage: input(
    { senderName: { type: 'string' }, senderEmail: { type: 'string' }, message: { type: 'string' } },
    ['senderName', 'senderEmail', 'message'],
  ),
  PortalSession: { type: 'string', description: "The provider's portal URL to open" },
  SubscriptionCancelled: {
    type: 'object',
    required: ['message', 'detail', 'subscription'],
    properties: { message: { type: 'string' }, detail: { type: 'string' }, subscription: { type: 'object' } },
  },
  CancelSubscription: input({ id, userName: { type: 'string' }, email: { type: 'string' } }, []),
  WebhookReceived: object({ received: { type: 'boolean' }, duplicate: { type: 'boolean' } }),
};

const json = (schema: Schema) => ({ 'application/json': { schema } });

function errors(...statuses: number[]) {
  const text: Record<number, string> = {
    400: 'Invalid input: `{ message, field }` the client can show',
    401: 'No access token, or an expired or refused one',
    402: 'The subscription does not allow changes (SUBSCRIPTION_REQUIRED)',
    403: 'A debtorId or id that is not the signed-in user, a read-only API token, or another origin',
    404: "A missing record, or another user's",
    413: 'The body is larger than this path takes (1 kB for a bare value, 100 kB otherwise)',
    429: 'Too many attempts (RATE_LIMITED); see Retry-After',
    503: 'The database could not be reached (UNAVAILABLE): try again; a change sent with an Idempotency-Key is applied once',
  };
  return Object.fromEntries(
    statuses.map((status) => [String(status), { description: text[status], content: json(ref('Error')) }]),
  );
}

const READ = [401, 403, 404];
const WRITE = [400, 401, 402, 403, 404];
const bearer = [{ bearerAuth: [] }];

interface Operation {
  summary: string;
  security?: Record<string, string[]>[];
  parameters?: Schema[];
  body?: Schema;
  status?: number;
  response: Schema | { text: string };
  errors: number[];
  /** Takes an `Idempotency-Key`: the same change sent again with it is applied once. */
  idempotent?: boolean;
}

const changeKeyHeader: Schema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  description:
    'Any unique string (a UUID) per change. Sending the change again with the same key, after an answer that never came or a 503, applies it once: the repeat answers as a success without changing anything more.',
};

function operation(op: Operation) {
  const success =
    'text' in op.response
      ? { description: op.response.text, content: { 'text/plain': { schema: { type: 'string' } } } }
      : { description: 'Success', content: json(op.response) };
  // A body can always be refused before the operation runs: unreadable or nested too deeply (400),
  // or larger than the path takes (413); and any operation can find the database unreachable (503).
  const statuses = [...new Set([...op.errors, ...(op.body ? [400, 413] : []), 503])].sort((a, b) => a - b);
  const parameters = [...(op.parameters ?? []), ...(op.idempotent ? [changeKeyHeader] : [])];
  return {
    summary: op.summary,
    ...(op.security ? { security: op.security } : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: json(op.body) } } : {}),
    responses: { [String(op.status ?? 200)]: success, ...errors(...statuses) },
  };
}

const query = (name: string, schema: Schema, required = false, description?: string): Schema => ({
  name,
  in: 'query',
  required,
  schema,
  ...(description ? { description } : {}),
});
const pathId: Schema = { name: 'id', in: 'path', required: true, schema: id };
const debtorQuery = query('debtorId', debtorId);
const zoneQuery = query('timeZone', timeZone, false, 'URL-encoded IANA zone (`timezone` also read)');

/** The document for this configuration (the Stripe webhook is mounted only with a Stripe key). */
export function openApiDocument(config: Pick<Config, 'billing' | 'appUrl'>) {
  const paths: Record<string, Record<string, unknown>> = {
    '/account/login': {
      post: operation({
        summary: 'Sign in; sets the refresh cookie',
        body: ref('LoginRequest'),
        response: ref('LoginResponse'),
        errors: [400, 401, 403, 429],
      }),
    },
    '/account/register': {
      post: operation({
        summary: 'Create the account and open the hosted checkout (7-day trial)',
        body: ref('Registration'),
        status: 201,
        response: ref('Checkout'),
        errors: [400, 429],
      }),
    },
    '/account/create-checkout-session': {
      post: operation({
        summary: 'The checkout-creation helper: a new hosted checkout for the signed-in account',
        security: bearer,
        body: ref('CheckoutRequest'),
        response: ref('Checkout'),
        errors: [400, 401, 403],
      }),
    },
    '/account/refresh-token': {
      get: operation({
        summary: 'Rotate the refresh cookie and issue a new access token (APP_URL origin only)',
        security: [{ refreshCookie: [] }],
        response: ref('RefreshResponse'),
        errors: [401, 403],
      }),
    },
    '/account/set-refresh-token/{id}': {
      get: operation({
        summary: 'Re-issue the refresh cookie for the signed-in user',
        security: bearer,
        parameters: [pathId],
        response: ref('RefreshTokenSet'),
        errors: [401, 403],
      }),
    },
    '/account/logout': {
      get: operation({
        summary: 'End the session of the refresh cookie (APP_URL origin only)',
        response: ref('Message'),
        errors: [403],
      }),
    },
    '/account/change-password': {
      put: operation({
        summary: 'Change the password; every other session ends',
        security: bearer,
        body: ref('ChangePassword'),
        response: ref('PasswordChanged'),
        errors: [400, 401, 403, 429],
      }),
    },
    '/account/update-account': {
      put: operation({
        summary: 'Update names and e-mail (a new e-mail must be verified again)',
        security: bearer,
        body: ref('UpdateAccount'),
        response: ref('Account'),
        errors: [400, 401, 403, 429],
      }),
    },
    '/account/reset-password': {
      put: operation({
        summary: 'Request a temporary password by e-mail; always the same answer',
        body: ref('ResetRequest'),
        response: { text: 'If an account matches that e-mail, a temporary password will be sent to it.' },
        errors: [400, 429],
      }),
    },
    '/account/resend-code': {
      put: operation({
        summary: 'Send a new e-mail verification code; the body is the uid',
        security: bearer,
        body: { type: 'integer', description: 'The uid' },
        response: ref('Message'),
        errors: [400, 401, 403, 429],
      }),
    },
    '/account/verify-email': {
      put: operation({
        summary: 'Verify the e-mail address with the code (`status`)',
        security: bearer,
        body: ref('VerifyEmail'),
        response: ref('Account'),
        errors: [400, 401, 403],
      }),
    },
    '/account/creditors': {
      get: operation({
        summary: "Creditor suggestions: the curated list plus the user's own",
        security: bearer,
        response: { type: 'array', items: ref('CreditorSuggestion') },
        errors: [401],
      }),
    },
    '/account/income-sources': {
      get: operation({
        summary: "Income-source suggestions: the curated list plus the user's own",
        security: bearer,
        response: { type: 'array', items: ref('IncomeSourceSuggestion') },
        errors: [401],
      }),
    },
    '/account/debtor-expenses': {
      get: operation({
        summary: "The user's expenses",
        security: bearer,
        parameters: [debtorQuery, zoneQuery],
        response: ref('ExpenseList'),
        errors: [400, ...READ],
      }),
    },
    '/account/debtor-revenue': {
      get: operation({
        summary: "The user's income sources, with `deposited` for each last occurrence",
        security: bearer,
        parameters: [debtorQuery, zoneQuery],
        response: ref('IncomeList'),
        errors: [400, ...READ],
      }),
    },
    '/account/debtor-wallets': {
      get: operation({
        summary: "The user's wallets (a plain array)",
        security: bearer,
        parameters: [debtorQuery, zoneQuery],
        response: ref('WalletList'),
        errors: [400, ...READ],
      }),
    },
    '/account/add-expense': {
      post: operation({
        summary: 'Add an expense (id -1)',
        security: bearer,
        body: ref('ExpenseInput'),
        response: ref('Expense'),
        errors: WRITE,
      }),
    },
    '/account/update-expense': {
      put: operation({
        summary: 'Update an expense (id -1 adds one)',
        security: bearer,
        body: ref('ExpenseInput'),
        response: ref('Expense'),
        errors: WRITE,
      }),
    },
    '/account/add-income': {
      post: operation({
        summary: 'Add an income source (id -1)',
        security: bearer,
        body: ref('IncomeInput'),
        response: ref('Income'),
        errors: WRITE,
      }),
    },
    '/account/update-income': {
      put: operation({
        summary: 'Update an income source (id -1 adds one)',
        security: bearer,
        body: ref('IncomeInput'),
        response: ref('Income'),
        errors: WRITE,
      }),
    },
    '/account/add-wallet': {
      post: operation({
        summary: 'Add a wallet (the first one becomes the default)',
        security: bearer,
        body: ref('WalletInput'),
        response: ref('Wallet'),
        errors: WRITE,
      }),
    },
    '/account/update-wallet': {
      put: operation({
        summary: "Update a wallet; a changed balance is explained by a 'Balance updated' entry",
        security: bearer,
        body: ref('WalletInput'),
        response: ref('Wallet'),
        errors: WRITE,
      }),
    },
    '/account/delete-expense/{id}': {
      delete: operation({
        summary: 'Delete an expense',
        security: bearer,
        parameters: [pathId],
        response: ref('Deleted'),
        errors: WRITE,
      }),
    },
    '/account/delete-income/{id}': {
      delete: operation({
        summary: 'Delete an income source',
        security: bearer,
        parameters: [pathId],
        response: ref('Deleted'),
        errors: WRITE,
      }),
    },
    '/account/delete-wallet/{id}': {
      delete: operation({
        summary: 'Delete a wallet (deleting the default promotes another)',
        security: bearer,
        parameters: [pathId],
        response: ref('Deleted'),
        errors: WRITE,
      }),
    },
    '/account/change-wallet': {
      put: operation({
        summary: 'Make a wallet the default; the body is its id',
        security: bearer,
        body: { type: 'integer', description: 'The wallet id' },
        response: ref('WalletList'),
        errors: WRITE,
      }),
    },
    '/account/wallet-register': {
      get: operation({
        summary: "The wallet's register of the last 28 days, newest first",
        security: bearer,
        parameters: [debtorQuery, query('walletId', id, true), zoneQuery],
        response: { type: 'array', items: ref('RegisterEntry') },
        errors: [400, ...READ],
      }),
    },
    '/account/update-pay-deposits': {
      put: operation({
        summary: "'Deposit Pay': deposit the checked last occurrences into the wallet",
        security: bearer,
        body: ref('PayDeposits'),
        response: ref('PayDeposited'),
        errors: WRITE,
        idempotent: true,
      }),
    },
    '/account/update-paid-info': {
      put: operation({
        summary: "'Save Paid Info': store paid/cleared; paid and cleared rows are settled",
        security: bearer,
        body: ref('PaidInfo'),
        response: ref('PaidInfoSaved'),
        errors: WRITE,
        idempotent: true,
      }),
    },
    '/account/update-wallet-balance': {
      put: operation({
        summary: "'Update Wallet' (a new balance) or 'Spent'/'Deposited' (a transaction)",
        security: bearer,
        body: ref('WalletBalance'),
        response: ref('Wallet'),
        errors: WRITE,
        idempotent: true,
      }),
    },
    '/api/webhooks/create-portal-session': {
      post: operation({
        summary: "Open the payment provider's portal",
        security: bearer,
        response: ref('PortalSession'),
        errors: [400, 401, 403],
      }),
    },
    '/api/webhooks/cancel-subscription': {
      post: operation({
        summary: 'Cancel at the end of the billing period',
        security: bearer,
        body: ref('CancelSubscription'),
        response: ref('SubscriptionCancelled'),
        errors: [400, 401, 403],
      }),
    },
    '/message/send-message': {
      post: operation({
        summary: 'The contact form',
        body: ref('ContactMessage'),
        response: ref('Message'),
        errors: [400, 429],
      }),
    },
    '/api/openapi.json': {
      get: {
        summary: 'This document',
        security: [],
        responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
      },
    },
  };
  if (config.billing.mode === 'stripe') {
    paths['/api/webhooks/stripe'] = {
      post: operation({
        summary: 'Stripe events, signed (Stripe-Signature) and idempotent by event id',
        security: [{ stripeSignature: [] }],
        body: { type: 'object' },
        response: ref('WebhookReceived'),
        errors: [400],
      }),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TrueNet REST compatibility API',
      version: '1.0.0',
      description:
        "The paths of the original product's client (the product specification). Money is a JSON number of " +
        'US dollars with at most 2 decimals, dates are YYYY-MM-DD, option lists are labels. ' +
        'The GraphQL API at /graphql is the primary API.',
    },
    servers: [{ url: config.appUrl }],
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Access token or personal API token' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature' },
      },
    },
    paths,
  };
}
