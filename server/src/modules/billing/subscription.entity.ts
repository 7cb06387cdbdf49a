import { Column, Entity, PrimaryColumn } from 'typeorm';

export type SubscriptionStatusValue =
  'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

/** The account's subscription as last reported by the payment provider. */
@Entity('subscription')
export class Subscription {
  @PrimaryColumn({ name: 'debtor_id', type: 'integer' })
  debtorId: number;

  @Column({ type: 'text', default: 'incomplete' })
  status: SubscriptionStatusValue;

  @Column({ type: 'text', nullable: true })
  plan: 'QUARTERLY' | 'YEARLY' | null;

  @Column({ name: 'provider_customer_id', type: 'text', nullable: true })
  providerCustomerId: string | null;

  @Column({ name: 'provider_subscription_id', type: 'text', nullable: true })
  providerSubscriptionId: string | null;

  @Column({ name: 'checkout_session_id', type: 'text', nullable: true })
  checkoutSessionId: string | null;

  @Column({ name: 'trial_end', type: 'timestamptz', nullable: true })
  trialEnd: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** `created` of the newest provider event applied: older events never overwrite newer state. */
  @Column({ name: 'provider_updated_at', type: 'timestamptz', nullable: true })
  providerUpdatedAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

@Entity('processed_webhook_event')
export class ProcessedWebhookEvent {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'event_created_at', type: 'timestamptz' })
  eventCreatedAt: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt: Date;
}
