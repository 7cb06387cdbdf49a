/**
 * The web app's palette (client/src/app/theme/theme.scss) for the HTML the server writes itself:
 * e-mails, whose clients take inline styles only, and the pages a link in them opens. A reminder
 * should look like the product it comes from; each colour keeps text on it at WCAG AA (4.5:1).
 */
export const BRAND = {
  /** Primary actions and the wordmark ($tn-green). */
  green: '#136b43',
  /** Body text ($tn-ink). */
  ink: '#18231e',
  /** Secondary text ($body-secondary-color). */
  muted: '#56625c',
  /** The page behind the card ($body-bg). */
  surface: '#f5f7f6',
  /** Hairlines between rows. */
  rule: '#dfe5e2',
  /** Negative money ($danger). */
  danger: '#b42335',
} as const;

export const FONT_STACK = 'Arial,Helvetica,sans-serif';

/** The wordmark atop a mail or a page: the product's name in its green. */
export const WORDMARK = `<span style="font-size:20px;font-weight:bold;color:${BRAND.green}">TrueNet</span>`;

/** The inline style of the app's primary button, for a link or a button (mail clients ignore stylesheets). */
export const BUTTON_STYLE = `display:inline-block;background:${BRAND.green};color:#ffffff;text-decoration:none;border:0;padding:10px 18px;border-radius:6px;font-weight:bold;font-size:16px`;
