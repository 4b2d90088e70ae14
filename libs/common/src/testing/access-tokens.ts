import { createHmac } from 'node:crypto';

/**
 * `token` (an access token the service issued) with some of its claims replaced, signed again
 * with `secret` (HS256): a token whose signature, issuer and expiry are valid, so that only the
 * claims themselves can make the service refuse it.
 */
export function resignedAccessToken(
  token: string,
  secret: string,
  claims: Record<string, unknown>,
): string {
  const [header, payload] = token.split('.');
  const original = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
  const body = Buffer.from(JSON.stringify({ ...original, ...claims })).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

/** The claims of an access token (not verified). */
export function accessTokenClaims(token: string): { sub: string; sid: string } & object {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/**
 * Validly signed access tokens whose subject (`sub`) or session (`sid`) is not a UUID string:
 * other JSON types, a UUID wrapped in an array (which JavaScript turns into the same string),
 * strings that are not UUIDs. Each must be refused like any invalid token (401).
 */
export function accessTokensWithBadSubjects(
  token: string,
  secret: string,
): { label: string; token: string }[] {
  const { sub, sid } = accessTokenClaims(token);
  const cases: [string, Record<string, unknown>][] = [
    ['sub = 123', { sub: 123 }],
    ['sub = {"a":1}', { sub: { a: 1 } }],
    ['sub = null', { sub: null }],
    ['sub = true', { sub: true }],
    ['sub = [sub]', { sub: [sub] }],
    ['sub = "not-a-uuid"', { sub: 'not-a-uuid' }],
    ['sub = "" ', { sub: '' }],
    ['sub = sub + newline', { sub: `${sub}\n` }],
    ['sub missing', { sub: undefined }],
    ['sid = []', { sid: [] }],
    ['sid = [sid]', { sid: [sid] }],
    ['sid = 7', { sid: 7 }],
    ['sid = {"a":1}', { sid: { a: 1 } }],
    ['sid = "not-a-uuid"', { sid: 'not-a-uuid' }],
    ['sid missing', { sid: undefined }],
  ];
  return cases.map(([label, claims]) => ({
    label,
    token: resignedAccessToken(token, secret, claims),
  }));
}
