import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import {
  INTERCEPTORS_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { from, Observable, race, switchMap, throwError } from 'rxjs';
import { UPLOAD_REFUSED } from '../storage/upload-engine';
import {
  hasBody,
  JSON_BODY_OPTIONS,
  JsonBodyOptions,
  mediaTypeOf,
  readJsonBody,
  UnsupportedMediaTypeError,
} from './request-body';

/**
 * The one place where JSON bodies are read, for every route of a service that takes a body
 * (see `installBodyReader`; the others never read one). As an interceptor it
 * runs after every guard (authentication, roles, membership features), so a caller who is not
 * allowed never makes the service read or parse a byte of the body; the refusal closes the
 * connection instead of draining it (ProblemDetailsFilter). `application/json` is read up to
 * BODY_LIMIT, the JSON media types a route declares with `@AcceptsJsonBody` up to theirs.
 * Multipart bodies are read by multer, whose interceptor comes after this one; when the upload's
 * receiver refuses the file, the refusal is answered at once instead of after multer has read
 * the rest of the body.
 *
 * A body of any other media type (or of none) is refused with 415 UNSUPPORTED_MEDIA_TYPE before
 * a byte of it is read, never passed on unread: a handler would otherwise see no body at all and
 * answer as if nothing had been sent (a PUT that changes nothing, a misleading 400). Upload
 * routes (an uploaded-file parameter) take multipart/form-data only, the others their JSON
 * media types only.
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
    const route = this.routeOf(context);
    if (route.uploads) {
      if (mediaType === 'multipart/form-data') return race(next.handle(), refusalOf(req));
      return throwError(() => unsupported(mediaType, ['multipart/form-data']));
    }
    const limit =
      mediaType === 'application/json'
        ? this.jsonLimitBytes
        : route.json?.mediaTypes.includes(mediaType)
          ? route.json.maxBytes
          : undefined;
    if (limit === undefined) {
      const accepted = ['application/json', ...(route.json?.mediaTypes ?? [])];
      return throwError(() => unsupported(mediaType, accepted));
    }
    return from(readJsonBody(req, limit)).pipe(
      switchMap((body) => {
        req.body = body;
        return next.handle();
      }),
    );
  }

  /** What the route's body may be, read once per handler. */
  private routeOf(context: ExecutionContext): RouteBody {
    const handler = context.getHandler();
    let route = routeBodies.get(handler);
    if (!route) {
      route = {
        uploads: takesUploads(context.getClass().prototype as object, handler.name),
        json: this.reflector.getAllAndOverride<JsonBodyOptions | undefined>(JSON_BODY_OPTIONS, [
          handler,
          context.getClass(),
        ]),
      };
      routeBodies.set(handler, route);
    }
    return route;
  }
}

/** The body a route takes: uploaded files (multipart), or JSON of its media types. */
interface RouteBody {
  uploads: boolean;
  /** JSON media types besides application/json (`@AcceptsJsonBody`). */
  json?: JsonBodyOptions;
}

const routeBodies = new WeakMap<object, RouteBody>();

/** 415 for a body of `mediaType` ('' when the request names none) on a route taking `accepted`. */
function unsupported(mediaType: string, accepted: string[]): UnsupportedMediaTypeError {
  const sent = mediaType ? `a body of type ${mediaType}` : 'a body without a Content-Type';
  return new UnsupportedMediaTypeError(
    `This route does not read ${sent}; send ${accepted.join(' or ')}.`,
  );
}

/** Fails with the refusal of the request's upload, if there is one. */
function refusalOf(req: Request): Observable<never> {
  return new Observable<never>((subscriber) => {
    const refused = (err: Error) => subscriber.error(err);
    req.once(UPLOAD_REFUSED, refused);
    return () => req.off(UPLOAD_REFUSED, refused);
  });
}

/** The body reader of each Express application (tests run several in one process). */
const readers = new WeakMap<object, RequestBodyInterceptor>();

/**
 * The interceptor placed on the routes that take a body: the body reader of the application
 * the request came to. One object for every application, so that placing it is idempotent.
 */
const BODY_READER: NestInterceptor = {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reader = readers.get(context.switchToHttp().getRequest<Request>().app);
    return reader ? reader.intercept(context, next) : next.handle();
  },
};

/** Parameters through which a handler receives what a body carries. */
const BODY_PARAMS = new Set<number>([
  RouteParamtypes.BODY,
  RouteParamtypes.FILE,
  RouteParamtypes.FILES,
  RouteParamtypes.RAW_BODY,
]);

/** Parameters through which a handler receives uploaded files (multipart bodies). */
const UPLOAD_PARAMS = new Set<number>([RouteParamtypes.FILE, RouteParamtypes.FILES]);

/** The parameter types (RouteParamtypes) of a handler's parameters. */
function paramTypesOf(controller: object, name: string): number[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller.constructor, name) ??
    {}) as Record<string, unknown>;
  return Object.keys(args).map((key) => Number(key.split(':')[0]));
}

/** Whether a route takes uploaded files: an `@UploadedFile()` or `@UploadedFiles()` parameter. */
export function takesUploads(controller: object, name: string): boolean {
  return paramTypesOf(controller, name).some((type) => UPLOAD_PARAMS.has(type));
}

/** Whether a route takes a body: a `@Body()` or uploaded-file parameter, or `@AcceptsJsonBody`. */
export function takesBody(controller: object, name: string, handler: object): boolean {
  if (paramTypesOf(controller, name).some((type) => BODY_PARAMS.has(type))) return true;
  if (Reflect.getMetadata(JSON_BODY_OPTIONS, handler) !== undefined) return true;
  return Reflect.getMetadata(JSON_BODY_OPTIONS, controller.constructor) !== undefined;
}

/**
 * Places the body reader in front of the interceptors of every route that takes a body, before
 * the routes are registered (configureApp). The other routes have no interceptor on their way:
 * a GET, HEAD or a DELETE without a body parameter never reads the request body.
 */
export function installBodyReader(app: NestExpressApplication, jsonLimitBytes: number): void {
  readers.set(
    app.getHttpAdapter().getInstance(),
    new RequestBodyInterceptor(app.get(Reflector), jsonLimitBytes),
  );
  const discovery = app.get(DiscoveryService, { strict: false });
  const scanner = app.get(MetadataScanner, { strict: false });
  for (const { metatype } of discovery.getControllers()) {
    if (!metatype) continue;
    const prototype = metatype.prototype as Record<string, object>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
      if (!takesBody(prototype, name, handler)) continue;
      const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[];
      if (own[0] === BODY_READER) continue;
      Reflect.defineMetadata(INTERCEPTORS_METADATA, [BODY_READER, ...own], handler);
    }
  }
}
