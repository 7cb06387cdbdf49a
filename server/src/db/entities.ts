import { Debtor } from '../modules/accounts/debtor.entity';
import { EmailCode } from '../modules/accounts/email-code.entity';
import { AuditLog } from '../modules/audit/audit-log.entity';
import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { ProcessedWebhookEvent, Subscription } from '../modules/billing/subscription.entity';
import { ContactMessage } from '../modules/contact/contact-message.entity';
import { IncomeDeposit, IncomeSource } from '../modules/income/income-source.entity';
import { Liability } from '../modules/liabilities/liability.entity';
import { OutboxMail } from '../modules/mail/outbox-mail.entity';
import { Suggestion } from '../modules/suggestions/suggestion.entity';
import { ApiToken } from '../modules/tokens/api-token.entity';
import { RegisterEntry, Wallet } from '../modules/wallets/wallet.entity';

export const entities = [
  Debtor,
  EmailCode,
  AuditLog,
  RefreshToken,
  Subscription,
  ProcessedWebhookEvent,
  ContactMessage,
  IncomeSource,
  IncomeDeposit,
  Liability,
  OutboxMail,
  Suggestion,
  ApiToken,
  Wallet,
  RegisterEntry,
];
