import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintCents } from '../../db/transformers';

@Entity('wallet')
export class Wallet {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  /** The household the row belongs to. */
  @Column({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'balance_cents', type: 'bigint', transformer: bigintCents })
  balanceCents: number;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ name: 'last_update', type: 'timestamptz', nullable: true })
  lastUpdate: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export type RegisterDirection = 'spent' | 'deposited';
export type RegisterKind = 'transaction' | 'adjustment' | 'pay_deposit' | 'bill_payment';

/** One line of a wallet's register: every balance change is explained by one. */
@Entity('register_entry')
export class RegisterEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  /** The household the row belongs to. */
  @Column({ name: 'household_id', type: 'uuid' })
  householdId: string;

  /** The member who made the change (null once their account is deleted). */
  @Column({ name: 'entered_by', type: 'integer', nullable: true })
  enteredBy: number | null;

  @Column({ name: 'wallet_id', type: 'integer' })
  walletId: number;

  @Column({ type: 'text' })
  direction: RegisterDirection;

  @Column({ name: 'amount_cents', type: 'bigint', transformer: bigintCents })
  amountCents: number;

  @Column({ type: 'text', default: 'transaction' })
  kind: RegisterKind;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** The user's calendar date when it happened. */
  @Column({ name: 'occurred_on', type: 'date' })
  occurredOn: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
