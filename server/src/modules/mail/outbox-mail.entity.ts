import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Mail kept in the database when no SMTP server is configured, so a local run can read its codes. */
@Entity('outbox_mail')
export class OutboxMail {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'to_address', type: 'text' })
  toAddress: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'text_body', type: 'text' })
  textBody: string;

  @Column({ name: 'html_body', type: 'text', nullable: true })
  htmlBody: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
