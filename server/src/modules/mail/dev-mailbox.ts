import { escapeHtml } from '@truenet/core';
import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import { queryRows } from '../../db/sql';

/** Where a local run reads its mail (docs/product-rules.md §12); never served in production. */
export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** How many of the newest mails the page shows. */
const SHOWN = 50;

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Date;
}

/** Codes stand out: 6 digits, or the temporary password after 'is:'. Applied to escaped text. */
function highlightCodes(escapedText: string): string {
  return escapedText.replace(
    /(is:\s*)(\S+)$/gm,
    (_match, lead: string, code: string) => `${lead}<strong class="code">${code}</strong>`,
  );
}

function page(rows: OutboxRow[]): string {
  const mails = rows
    .map(
      (row) => `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To ${escapeHtml(row.to_address)} · ${escapeHtml(row.created_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</p>
  <pre>${highlightCodes(escapeHtml(row.text_body))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TrueNet local mailbox</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f6f8f7;color:#212529}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
.lead{color:#555;margin:0 0 1.5rem}
article{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
h2{font-size:1.1rem;margin:0 0 .25rem}
.meta{color:#6c757d;font-size:.875rem;margin:0 0 .75rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}
.code{font-family:monospace;font-size:1.25rem;letter-spacing:2px;background:#e8f3ee;padding:0 .25rem}
</style></head>
<body><main>
<h1>Local mailbox</h1>
<p class="lead">The e-mail this app would have sent (no SMTP_URL is set), newest first. Only served outside production. Reload to see new mail.</p>
${mails || '<p>No mail yet.</p>'}
</main></body></html>`;
}

/** GET /dev/mailbox: the outbox as a readable page, newest first, every value escaped. */
export function devMailbox(dataSource: DataSource): RequestHandler {
  return async (_req, res, next) => {
    try {
      const rows = await queryRows<OutboxRow>(
        dataSource,
        `SELECT id, to_address, subject, text_body, created_at FROM outbox_mail ORDER BY id DESC LIMIT ${SHOWN}`,
      );
      res.set('Cache-Control', 'no-store').type('html').send(page(rows));
    } catch (error) {
      next(error);
    }
  };
}
