/**
 * A software WebAuthn authenticator for server tests: it makes real P-256 keys, real "none"
 * attestations and real ES256 assertion signatures over the server's challenges, as a phone or a
 * security key would, so the server's checks run unchanged. (Browser journeys use Chromium's own
 * virtual authenticator instead.)
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The small part of CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export class SoftAuthenticator {
  constructor(
    /** The page's origin, e.g. 'http://localhost:4000'. */
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  private authenticatorData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(
    type: 'webauthn.create' | 'webauthn.get',
    challenge: string,
    origin = this.origin,
  ): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A new passkey for the creation options the server gave: the browser's registration response. */
  register(
    optionsJson: string,
    overrides: { origin?: string } = {},
  ): { passkey: SoftPasskey; responseJson: string } {
    const options = JSON.parse(optionsJson) as { challenge: string };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(16);
    const idLength = Buffer.from([0, credentialId.length]);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authenticatorData(0x45, 0, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: new Map(), authData });
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides.origin);
    const passkey = { credentialId, privateKey, counter: 0 };
    return {
      passkey,
      responseJson: JSON.stringify({
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }),
    };
  }

  /** The browser's authentication response: `passkey` signs the request options' challenge. */
  signIn(passkey: SoftPasskey, optionsJson: string, overrides: { origin?: string } = {}): string {
    const options = JSON.parse(optionsJson) as { challenge: string };
    passkey.counter += 1;
    const authData = this.authenticatorData(0x05, passkey.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
    return JSON.stringify({
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    });
  }
}
