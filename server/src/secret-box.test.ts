import { openSecret, sealSecret } from './secret-box';

const key = Buffer.alloc(32, 7);
const url = 'https://user:p4ss@bridge.example/simplefin';

describe('sealed secrets', () => {
  it('open with the key and the row they were sealed for, and hold no trace of the secret', () => {
    const sealed = sealSecret(key, url, 'connection-1');
    expect(sealed).not.toContain('p4ss');
    expect(sealed).not.toContain('bridge');
    expect(openSecret(key, sealed, 'connection-1')).toBe(url);
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(sealSecret(key, url, 'connection-1')).not.toBe(sealed);
  });

  it('refuse another key, another row, an altered value and an unknown format', () => {
    const sealed = sealSecret(key, url, 'connection-1');
    expect(() => openSecret(Buffer.alloc(32, 8), sealed, 'connection-1')).toThrow();
    expect(() => openSecret(key, sealed, 'connection-2')).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => openSecret(key, altered, 'connection-1')).toThrow();
    expect(() => openSecret(key, 'plain', 'connection-1')).toThrow('Unknown sealed secret format');
  });
});
