import type { Request, Response } from 'express';
import type { CommonEnv } from '../config/common-env';
import { NotFoundError } from '../errors/domain-error';
import { type FileVariant, type SignedUrl, UrlSigner } from './signed-urls';
import { openStoredFile, sendStoredFile, type StoredFile } from './stored-file-response';

/** A resource whose files are served through signed URLs: the path and the current scope. */
export interface SignedResource {
  /** The path of the public file route, e.g. `/api/photos/<id>/content`. */
  path: string;
  /** What the URL's access depends on (lifecycle, storage key, owner…); see UrlSigner. */
  scope: string;
  /** The stored file of a variant, or null when the variant does not exist (404). */
  file(variant: FileVariant): StoredFile | null;
}

/**
 * The public file routes of signed URLs (MEDIA_URL_SECRET, MEDIA_URL_TTL_SECONDS,
 * MEDIA_URL_CORS_ORIGINS): signing for responses, and serving with the signature checked,
 * Range (206/416), ETag and 304, `Cache-Control: private, max-age=<remaining lifetime>`, CORS
 * for the configured origins (or any) and `Cross-Origin-Resource-Policy: cross-origin`, so
 * that `<img>`, `<video>` and fetch work from pages of another origin.
 */
export class SignedFiles {
  readonly signer: UrlSigner;
  private readonly origins: string[];

  constructor(
    config: Pick<
      CommonEnv,
      'MEDIA_URL_SECRET' | 'MEDIA_URL_TTL_SECONDS' | 'MEDIA_URL_CORS_ORIGINS'
    >,
    now?: () => number,
  ) {
    if (!config.MEDIA_URL_SECRET) throw new Error('MEDIA_URL_SECRET is not set');
    this.signer = new UrlSigner(config.MEDIA_URL_SECRET, config.MEDIA_URL_TTL_SECONDS, now);
    this.origins = config.MEDIA_URL_CORS_ORIGINS;
  }

  sign(path: string, variant: FileVariant, scope: string): SignedUrl {
    return this.signer.sign(path, variant, scope);
  }

  /** CORS and CORP headers of every answer of a signed file route, refusals included. */
  crossOriginHeaders(origin: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Expose-Headers':
        'Content-Length, Content-Range, Accept-Ranges, ETag, X-Request-Id',
    };
    if (this.origins.length === 0) headers['Access-Control-Allow-Origin'] = '*';
    else {
      headers.Vary = 'Origin';
      if (origin && this.origins.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
    }
    return headers;
  }

  /**
   * Answers a request of a signed file route for `resource` (null: unknown → 404). The CORS
   * headers are set first so that a page of another origin can read refusals too.
   */
  async serve(req: Request, res: Response, resource: SignedResource | null): Promise<void> {
    const headers = this.crossOriginHeaders(req.headers.origin);
    res.set(headers);
    if (!resource) throw new NotFoundError('File');
    const claims = this.signer.verify(resource.path, req.query, resource.scope);
    const file = resource.file(claims.variant);
    if (!file) throw new NotFoundError('File variant', claims.variant);
    const answer = await openStoredFile(file, {
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
      cacheControl: `private, max-age=${claims.remainingSeconds}`,
      headers,
    });
    await sendStoredFile(res, answer);
  }
}
