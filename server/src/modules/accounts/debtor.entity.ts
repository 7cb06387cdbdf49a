import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An account holder ("debtor" in the specification's vocabulary). */
@Entity('debtor')
export class Debtor {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'username', type: 'text' })
  userName: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ name: 'temp_password_hash', type: 'text', nullable: true, select: false })
  tempPasswordHash: string | null;

  @Column({ name: 'temp_password_expires_at', type: 'timestamptz', nullable: true })
  tempPasswordExpiresAt: Date | null;

  /** 1 normal; 3 must change a temporary password; ≥ 999 e-mail not verified. */
  @Column({ type: 'integer', default: 999 })
  status: number;

  @Column({ type: 'text', default: 'USER' })
  role: string;

  @Column({ name: 'time_zone', type: 'text', nullable: true })
  timeZone: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * 1 normal; 3 must change a temporary password; ≥ 999 e-mail not verified (the specification's
 * values). 2 and 4 are this server's own: an account locked by support, and a closed one; neither
 * may sign in, and each says so once the password is proven (so they reveal nothing to a guesser).
 */
export const ACCOUNT_STATUS = {
  NORMAL: 1,
  LOCKED: 2,
  TEMPORARY_PASSWORD: 3,
  CLOSED: 4,
  UNVERIFIED: 999,
} as const;

export function isUnverified(status: number): boolean {
  return status >= ACCOUNT_STATUS.UNVERIFIED;
}
