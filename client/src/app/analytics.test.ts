import { loadAnalytics } from './analytics';

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('loadAnalytics', () => {
  it('loads nothing when no analytics script is configured', () => {
    expect(loadAnalytics(undefined)).toBeNull();
    expect(loadAnalytics({})).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('loads the configured script, async, with its site id', () => {
    const script = loadAnalytics({
      analyticsScriptUrl: 'https://stats.example/script.js',
      analyticsSiteId: 'truenet.app',
    });
    expect(script).not.toBeNull();
    expect(document.head.querySelector('script')).toHaveAttribute('src', 'https://stats.example/script.js');
    expect(script?.async).toBe(true);
    expect(script?.dataset.siteId).toBe('truenet.app');
  });

  it('refuses a URL that is neither http(s) nor same-origin', () => {
    expect(loadAnalytics({ analyticsScriptUrl: 'javascript:alert(1)' })).toBeNull();
  });
});
