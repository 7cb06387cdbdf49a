import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Security events (sign-in, failures, password change, token reuse, deletion); never secrets. */
@Entity('audit_log')
export class AuditLog {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'debtor_id', type: 'integer', nullable: true })
  debtorId: number | null;

  @Column({ type: 'text' })
  event: string;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
