import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes what could open a tag, an entity or end a quoted attribute', () => {
    expect(escapeHtml(`Tom & "Jerry's" <script>`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot; &lt;script&gt;');
  });

  it('leaves plain text as it is', () => {
    expect(escapeHtml('Car insurance (yearly, due Mon Jun 1, 2026): $27.50')).toBe(
      'Car insurance (yearly, due Mon Jun 1, 2026): $27.50',
    );
  });
});
