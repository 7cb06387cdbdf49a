/**
 * Text made safe to put into HTML, as element content or a quoted attribute value: the e-mails and
 * server pages, and the dashboard's numbers that index.html draws before the application runs.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
