import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DebtType, ExpenseFrequency } from '@truenet/core';
import { bigintCents } from '../../db/transformers';

/** A recurring expense. Its current occurrence (dueDate) carries the paid/cleared switches. */
@Entity('liability')
export class Liability {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  /** The household the row belongs to. */
  @Column({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @Column({ name: 'creditor_name', type: 'text' })
  creditorName: string;

  @Column({ name: 'creditor_url', type: 'text', nullable: true })
  creditorUrl: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'debt_type', type: 'text' })
  debtType: DebtType;

  @Column({ type: 'text' })
  frequency: ExpenseFrequency;

  /** The due date as entered; later due dates are stepped from it so month-end days never drift. */
  @Column({ name: 'anchor_date', type: 'date' })
  anchorDate: string;

  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ name: 'payment_cents', type: 'bigint', transformer: bigintCents })
  paymentCents: number;

  @Column({ name: 'balance_cents', type: 'bigint', nullable: true, transformer: bigintCents })
  balanceCents: number | null;

  @Column({ name: 'auto_pay', type: 'boolean', default: false })
  autoPay: boolean;

  @Column({ name: 'current_paid', type: 'boolean', default: false })
  currentPaid: boolean;

  @Column({ name: 'current_cleared', type: 'boolean', default: false })
  currentCleared: boolean;

  @Column({ name: 'paid_wallet_id', type: 'integer', nullable: true })
  paidWalletId: number | null;

  /** 'Paid from' (docs/product-rules.md §7-§8); null: the default wallet. */
  @Column({ name: 'wallet_id', type: 'integer', nullable: true })
  walletId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
