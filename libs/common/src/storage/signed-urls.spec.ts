import { SignedUrlExpiredError, SignedUrlInvalidError, UrlSigner } from './signed-urls';

const SECRET = 's'.repeat(40);
const PATH = '/api/media-assets/6f1c1b1e-0000-4000-8000-000000000001/content';

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('UrlSigner', () => {
  let now = Date.UTC(2026, 0, 1);
  const signer = new UrlSigner(SECRET, 900, () => now);
  beforeEach(() => (now = Date.UTC(2026, 0, 1)));

  it('accepts its own URL and tells the remaining lifetime', () => {
    const { url, expiresAt } = signer.sign(PATH, 'thumbnail', 'active:key');
    expect(url.startsWith(`${PATH}?variant=thumbnail&expires=${expiresAt}&sig=`)).toBe(true);
    now += 100_000;
    expect(signer.verify(PATH, queryOf(url), 'active:key')).toEqual({
      variant: 'thumbnail',
      expiresAt,
      remainingSeconds: 800,
    });
  });

  it('refuses a tampered signature, expiry or path', () => {
    const q = queryOf(signer.sign(PATH, 'original', 'scope').url);
    const flipped = q.sig.slice(0, -1) + (q.sig.endsWith('A') ? 'B' : 'A');
    expect(() => signer.verify(PATH, { ...q, sig: flipped }, 'scope')).toThrow(
      SignedUrlInvalidError,
    );
    const later = String(Number(q.expires) + 3600);
    expect(() => signer.verify(PATH, { ...q, expires: later }, 'scope')).toThrow(
      SignedUrlInvalidError,
    );
    const other = PATH.replace('0001', '0002');
    expect(() => signer.verify(other, q, 'scope')).toThrow(SignedUrlInvalidError);
  });

  it('refuses the signature of one variant for another', () => {
    const q = queryOf(signer.sign(PATH, 'thumbnail', 'scope').url);
    expect(() => signer.verify(PATH, { ...q, variant: 'original' }, 'scope')).toThrow(
      SignedUrlInvalidError,
    );
    expect(() => signer.verify(PATH, { ...q, variant: 'preview' }, 'scope')).toThrow(
      SignedUrlInvalidError,
    );
  });

  it('refuses a URL signed for another scope (access changed since)', () => {
    const q = queryOf(signer.sign(PATH, 'original', 'active:k1').url);
    expect(() => signer.verify(PATH, q, 'trash_soft:k1')).toThrow(SignedUrlInvalidError);
    expect(signer.verify(PATH, q, 'active:k1').variant).toBe('original');
  });

  it('answers SIGNED_URL_EXPIRED for a genuine URL after its lifetime', () => {
    const q = queryOf(signer.sign(PATH, 'preview', 'scope').url);
    now += 899_000;
    expect(signer.verify(PATH, q, 'scope').remainingSeconds).toBe(1);
    now += 1000;
    let error: unknown;
    try {
      signer.verify(PATH, q, 'scope');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SignedUrlExpiredError);
    expect(error).toMatchObject({ status: 403, code: 'SIGNED_URL_EXPIRED' });
  });

  it('refuses missing, malformed or foreign-secret signatures', () => {
    const q = queryOf(signer.sign(PATH, 'original', 'scope').url);
    for (const bad of [
      {},
      { ...q, sig: undefined },
      { ...q, expires: '12x' },
      { ...q, variant: 'huge' },
      { ...q, sig: ['a', 'b'] },
      { ...q, sig: `${q.sig}A` },
    ]) {
      expect(() => signer.verify(PATH, bad, 'scope')).toThrow(SignedUrlInvalidError);
    }
    const stranger = new UrlSigner('t'.repeat(40), 900, () => now);
    expect(() => stranger.verify(PATH, q, 'scope')).toThrow(SignedUrlInvalidError);
  });

  it('refuses a short secret', () => {
    expect(() => new UrlSigner('short', 900)).toThrow(/32 characters/);
  });
});
