import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { IncomeFrequency } from '@truenet/core';
import { bigintCents } from '../../db/transformers';

@Entity('income_source')
export class IncomeSource {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  /** The household the row belongs to. */
  @Column({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @Column({ name: 'source_name', type: 'text' })
  sourceName: string;

  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text' })
  frequency: IncomeFrequency;

  /** The anchor pay date (the form's 'Last Pay Date'). */
  @Column({ name: 'next_pmt_date', type: 'date' })
  nextPmtDate: string;

  @Column({ name: 'bi_monthly_pay_date', type: 'date', nullable: true })
  biMonthlyPayDate: string | null;

  @Column({ name: 'payment_cents', type: 'bigint', transformer: bigintCents })
  paymentCents: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** 'Deposits to' (docs/product-rules.md §7-§8); null: the default wallet. */
  @Column({ name: 'wallet_id', type: 'integer', nullable: true })
  walletId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** "Deposited" belongs to one occurrence of a source; the key refuses a second deposit. */
@Entity('income_deposit')
export class IncomeDeposit {
  @PrimaryColumn({ name: 'income_source_id', type: 'integer' })
  incomeSourceId: number;

  @PrimaryColumn({ name: 'occurrence_date', type: 'date' })
  occurrenceDate: string;

  /** The household the row belongs to. */
  @Column({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @Column({ name: 'wallet_id', type: 'integer', nullable: true })
  walletId: number | null;

  @Column({ name: 'amount_cents', type: 'bigint', transformer: bigintCents })
  amountCents: number;

  @Column({ name: 'deposited_at', type: 'timestamptz', default: () => 'now()' })
  depositedAt: Date;
}
