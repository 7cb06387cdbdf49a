import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contact_message')
export class ContactMessage {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'debtor_id', type: 'integer', nullable: true })
  debtorId: number | null;

  @Column({ name: 'sender_name', type: 'text' })
  senderName: string;

  @Column({ name: 'sender_email', type: 'text' })
  senderEmail: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
