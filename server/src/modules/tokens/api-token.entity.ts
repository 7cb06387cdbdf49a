import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type ApiTokenScopeValue = 'READ' | 'READ_WRITE';

/** A personal API token for scripts; only its hash is stored. */
@Entity('api_token')
export class ApiToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'debtor_id', type: 'integer' })
  debtorId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: 'READ' })
  scope: ApiTokenScopeValue;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
