import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for unit tests (no browser): one P-256 credential
 * (ES256), answering the server's creation and request options as a browser would send them
 * through @simplewebauthn/browser (RegistrationResponseJSON / AuthenticationResponseJSON),
 * attestation "none", user present and verified. Each answer can be bent to test a check:
 * another origin, another challenge, a signature counter of its own.
 */
export interface SoftAuthenticator {
  credentialId: string;
  /** The COSE public key, base64url, as a passkey store keeps it (to seed a passkey without a ceremony). */
  publicKey: string;
  register(options: { challenge: string; rp: { id?: string } }, overrides?: { origin?: string; challenge?: string }): Record<string, unknown>;
  authenticate(
    options: { challenge: string; rpId?: string },
    userHandle: string,
    overrides?: { origin?: string; challenge?: string; counter?: number },
  ): Record<string, unknown>;
}

type CborValue = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

export function softAuthenticator(origin: string): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const signCount = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  };
  // User present (0x01), user verified (0x04); attested credential data (0x40) on registration.
  const FLAGS_GET = 0x05;
  const FLAGS_CREATE = 0x45;

  return {
    credentialId: b64url(credentialId),
    publicKey: b64url(cose),
    register(options, overrides = {}) {
      const rpId = options.rp.id ?? 'localhost';
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS_CREATE]), signCount(counter), Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CborValue>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      const data = clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? origin);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: { clientDataJSON: b64url(data), attestationObject: b64url(attestationObject), transports: ['internal'] },
      };
    },
    authenticate(options, userHandle, overrides = {}) {
      counter = overrides.counter ?? counter + 1;
      const authData = Buffer.concat([sha256(options.rpId ?? 'localhost'), Buffer.from([FLAGS_GET]), signCount(counter)]);
      const data = clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides.origin ?? origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature), userHandle },
      };
    },
  };
}
