import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../errors/domain-error';

/**
 * The variants a signed file URL names: the stored original or one of its image renditions
 * (renditions.ts).
 */
export const FILE_VARIANTS = ['original', 'thumbnail', 'preview'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** The query of a signed file URL. */
export interface SignedUrlQuery {
  variant?: unknown;
  expires?: unknown;
  sig?: unknown;
}

/** A URL that works without an Authorization header until `expiresAt` (Unix seconds). */
export interface SignedUrl {
  url: string;
  variant: FileVariant;
  expiresAt: number;
}

/** The checked claims of a signed URL: its variant and how many seconds it stays valid. */
export interface VerifiedUrl {
  variant: FileVariant;
  expiresAt: number;
  remainingSeconds: number;
}

/** 403 SIGNED_URL_INVALID: no signature, a malformed one, or one that does not match. */
export class SignedUrlInvalidError extends DomainError {
  constructor(detail = 'The signature of this file URL is not valid.') {
    super(403, 'SIGNED_URL_INVALID', 'Signed URL invalid', detail, {
      hint: 'Read the resource again (list or detail) for a fresh URL.',
    });
  }
}

/** 403 SIGNED_URL_EXPIRED: a genuine signature whose lifetime has run out. */
export class SignedUrlExpiredError extends DomainError {
  constructor(expiresAt: number) {
    super(403, 'SIGNED_URL_EXPIRED', 'Signed URL expired', 'This file URL has expired.', {
      hint: 'Read the resource again (list or detail) for a fresh URL.',
      extensions: { expired_at: new Date(expiresAt * 1000).toISOString() },
    });
  }
}

const SIG = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^\d{1,12}$/;

/**
 * Signs and checks file URLs: HMAC-SHA256 (MEDIA_URL_SECRET) over the path, the variant, the
 * expiry and an access scope the service derives from the resource's current state (e.g. its
 * lifecycle and storage key). The scope is not part of the URL: it is derived again when the
 * URL is used, so a change of state (trash, hide, move) makes every URL signed before it fail,
 * and the next signing reflects the new access at once.
 */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    /** Lifetime of a new URL (MEDIA_URL_TTL_SECONDS). */
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 32) throw new Error('the URL signing secret needs at least 32 characters');
  }

  /** `path?variant=…&expires=…&sig=…`, valid for the configured lifetime. */
  sign(path: string, variant: FileVariant, scope: string): SignedUrl {
    const expiresAt = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const sig = this.mac(path, variant, expiresAt, scope);
    return {
      url: `${path}?variant=${variant}&expires=${expiresAt}&sig=${sig}`,
      variant,
      expiresAt,
    };
  }

  /**
   * Checks a signed URL's query against `path` and the resource's current `scope`. A missing,
   * malformed or non-matching signature (other path, variant, expiry or scope) → 403
   * SIGNED_URL_INVALID; a genuine but expired one → 403 SIGNED_URL_EXPIRED.
   */
  verify(path: string, query: SignedUrlQuery, scope: string): VerifiedUrl {
    const { variant, expires, sig } = query;
    if (
      typeof variant !== 'string' ||
      !(FILE_VARIANTS as readonly string[]).includes(variant) ||
      typeof expires !== 'string' ||
      !EXPIRES.test(expires) ||
      typeof sig !== 'string' ||
      !SIG.test(sig)
    ) {
      throw new SignedUrlInvalidError(
        'A file URL needs variant, expires and sig as given in the resource.',
      );
    }
    const expiresAt = Number(expires);
    const expected = Buffer.from(this.mac(path, variant as FileVariant, expiresAt, scope));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new SignedUrlInvalidError();
    }
    const remainingSeconds = expiresAt - Math.floor(this.now() / 1000);
    if (remainingSeconds <= 0) throw new SignedUrlExpiredError(expiresAt);
    return { variant: variant as FileVariant, expiresAt, remainingSeconds };
  }

  private mac(path: string, variant: FileVariant, expiresAt: number, scope: string): string {
    return createHmac('sha256', this.secret)
      .update(`${path}\n${variant}\n${expiresAt}\n${scope}`)
      .digest('base64url');
  }
}
