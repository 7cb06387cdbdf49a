import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one live e-mail verification code of an account, stored hashed. */
@Entity('email_code')
export class EmailCode {
  @PrimaryColumn({ name: 'debtor_id', type: 'integer' })
  debtorId: number;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'failed_attempts', type: 'integer', default: 0 })
  failedAttempts: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
