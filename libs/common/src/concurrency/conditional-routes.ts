import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  HttpCode,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiExtension, ApiHeader, ApiNoContentResponse, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { documentUuidParam, UuidParamPipe } from '../validation/uuid-param';
import { formatEntityTag, IfMatch, parseIfMatch } from './entity-tag';

const ENTITY_TAG = Symbol('entityTag');

/**
 * Attaches the version of the resource a response body represents; the route's
 * EntityTagInterceptor sends it as the `ETag` header. The mark is a symbol property: it is
 * not serialised into the body.
 */
export function withEntityTag<T extends object>(body: T, version: string): T {
  Object.defineProperty(body, ENTITY_TAG, {
    value: formatEntityTag(version),
    enumerable: false,
    configurable: true,
  });
  return body;
}

/** The entity tag attached by `withEntityTag`, if any. */
export function entityTagOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return (body as { [ENTITY_TAG]?: string })[ENTITY_TAG];
}

/** Sends the entity tag attached to the handler's result as the `ETag` response header. */
@Injectable()
export class EntityTagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((body: unknown) => {
        const tag = entityTagOf(body);
        if (tag && !res.headersSent) res.setHeader('ETag', tag);
        return body;
      }),
    );
  }
}

/**
 * The parsed `If-Match` header of the request (undefined when absent: the write is
 * unconditional, as before entity tags). A malformed one answers 400 VALIDATION_FAILED.
 */
export const IfMatchHeader = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): IfMatch | undefined =>
    parseIfMatch(ctx.switchToHttp().getRequest<Request>().headers['if-match']),
);

/** The resource a conditional write addresses: its path id and the request's `If-Match`. */
export interface WriteTarget {
  id: string;
  ifMatch?: IfMatch;
}

const writeTargetOf = createParamDecorator((name: string, ctx: ExecutionContext): WriteTarget => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const raw = req.params[name];
  const id = new UuidParamPipe().transform(typeof raw === 'string' ? raw : '', {
    type: 'param',
    data: name,
  });
  return { id, ifMatch: parseIfMatch(req.headers['if-match']) };
});

/**
 * `@WriteTarget()`: the UUID path parameter `name` (as `@UuidParam`, documented alike) and the
 * parsed `If-Match` header (`@IfMatchHeader`) in one parameter.
 */
export function WriteTarget(name = 'id'): ParameterDecorator {
  return (target, key, index) => {
    writeTargetOf(name)(target, key, index);
    documentUuidParam(name)(target, key, index);
  };
}

/** Marks the operations whose 2xx responses carry `ETag` (declared by `declareEntityTags`). */
export const ENTITY_TAG_EXTENSION = 'x-entity-tag';

export const ETAG_DESCRIPTION =
  'Version of the resource (strong entity tag); send it back in If-Match to write only that version';

/** `GET` of one resource, `POST` creating one: the response carries its `ETag`. */
export const EntityTagged = (): MethodDecorator =>
  applyDecorators(UseInterceptors(EntityTagInterceptor), ApiExtension(ENTITY_TAG_EXTENSION, true));

/**
 * `PUT`/`PATCH`/`DELETE` of one resource, writable conditionally: `If-Match` declared, 412
 * PRECONDITION_FAILED declared, and a 2xx response with a body carries the new `ETag`. The
 * handler reads the header with `@IfMatchHeader()`.
 */
export const ConditionalWrite = (): MethodDecorator =>
  applyDecorators(
    EntityTagged(),
    ApiHeader({
      name: 'If-Match',
      required: false,
      description:
        'Write only if the resource still has one of these versions (ETag values, or * for any); weak tags never match. Without it the write is unconditional.',
    }),
    ApiResponse({
      status: 412,
      description:
        'PRECONDITION_FAILED: If-Match names no current version; the body has current_etag and the ETag header the current version; nothing was written',
    }),
  );

/** `DELETE` of one resource answering 204 without a body, conditional like `ConditionalWrite`. */
export const ConditionalDelete = (): MethodDecorator =>
  applyDecorators(HttpCode(204), ApiNoContentResponse(), ConditionalWrite());
