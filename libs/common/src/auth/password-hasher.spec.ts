import * as argon2 from 'argon2';
import { OWASP_ARGON2ID, PasswordHasher } from './password-hasher';

const params = (hash: string) => hash.split('$')[3];

describe('PasswordHasher', () => {
  it('hashes with the OWASP argon2id parameters by default', async () => {
    const hasher = new PasswordHasher({});
    const hash = await hasher.hash('correct horse');
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true);
    expect(params(hash)).toBe('m=19456,p=1,t=2');
    expect(OWASP_ARGON2ID).toEqual({ memoryKib: 19_456, timeCost: 2, parallelism: 1 });
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'wrong')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('uses the configured cost, verifies older hashes and asks for their rehash', async () => {
    const hasher = new PasswordHasher({
      passwordHashCost: { memoryKib: 8192, timeCost: 3, parallelism: 1 },
    });
    const hash = await hasher.hash('1234');
    expect(params(hash)).toBe('m=8192,p=1,t=3');
    // A hash of the former default (m = 64 MiB, t = 3, p = 4) still verifies, and is stale.
    const legacy = await argon2.hash('1234', { type: argon2.argon2id });
    expect(await hasher.verify(legacy, '1234')).toBe(true);
    expect(hasher.needsRehash(legacy)).toBe(true);
    expect(hasher.needsRehash(hash)).toBe(false);
    expect(hasher.needsRehash('not a hash')).toBe(true);
  });

  it('fails without a hash after the same work', async () => {
    const hasher = new PasswordHasher({});
    expect(await hasher.verifyOrFail(undefined, 'x')).toBe(false);
  });
});
