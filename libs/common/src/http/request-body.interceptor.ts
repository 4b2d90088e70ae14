import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, Observable, race, switchMap } from 'rxjs';
import { UPLOAD_REFUSED } from '../storage/upload-engine';
import {
  hasBody,
  JSON_BODY_OPTIONS,
  JsonBodyOptions,
  mediaTypeOf,
  readJsonBody,
} from './request-body';

/**
 * The one place where JSON bodies are read, for every route of a service. As an interceptor it
 * runs after every guard (authentication, roles, membership features), so a caller who is not
 * allowed never makes the service read or parse a byte of the body; the refusal closes the
 * connection instead of draining it (ProblemDetailsFilter). `application/json` is read up to
 * BODY_LIMIT, the JSON media types a route declares with `@AcceptsJsonBody` up to theirs.
 * Multipart bodies are read by multer, whose interceptor comes after this one; when the upload's
 * receiver refuses the file, the refusal is answered at once instead of after multer has read
 * the rest of the body.
 */
@Injectable()
export class RequestBodyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly jsonLimitBytes: number,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (req.body !== undefined || !hasBody(req)) return next.handle();
    const mediaType = mediaTypeOf(req);
    if (mediaType === 'multipart/form-data') return race(next.handle(), refusalOf(req));
    const limit = this.limitFor(mediaType, context);
    if (limit === undefined) return next.handle();
    return from(readJsonBody(req, limit)).pipe(
      switchMap((body) => {
        req.body = body;
        return next.handle();
      }),
    );
  }

  private limitFor(mediaType: string, context: ExecutionContext): number | undefined {
    if (mediaType === 'application/json') return this.jsonLimitBytes;
    const route = this.reflector.getAllAndOverride<JsonBodyOptions | undefined>(JSON_BODY_OPTIONS, [
      context.getHandler(),
      context.getClass(),
    ]);
    return route?.mediaTypes.includes(mediaType) ? route.maxBytes : undefined;
  }
}

/** Fails with the refusal of the request's upload, if there is one. */
function refusalOf(req: Request): Observable<never> {
  return new Observable<never>((subscriber) => {
    const refused = (err: Error) => subscriber.error(err);
    req.once(UPLOAD_REFUSED, refused);
    return () => req.off(UPLOAD_REFUSED, refused);
  });
}
