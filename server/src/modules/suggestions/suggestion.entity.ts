import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The curated global list of common billers and payers (seeded by a migration). */
@Entity('suggestion')
export class Suggestion {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ type: 'text' })
  kind: 'creditor' | 'income';

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  url: string | null;
}
