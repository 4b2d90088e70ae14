import { applyDecorators, Delete, Get, HttpCode, Post, Put, Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import { ConditionalWrite, EntityTagged, UuidParam } from '@sports/common';

/*
 * The five routes of a per-user resource (`GET /`, `GET /:id`, `POST /`, `PUT /:id`,
 * `DELETE /:id`), each bundling HTTP method, path, status and documented success body.
 * Error responses, access rules and parameters stay on the controller: they differ per
 * resource (a 404 is declared unless the controller declares its own). Composed decorators rather than a generic base controller, because Swagger cannot
 * see the concrete DTO types through a generic class.
 */

/** @nestjs/swagger's metadata key of declared responses (DECORATORS.API_RESPONSE, not exported). */
const SWAGGER_API_RESPONSE = 'swagger/apiResponse';

/** 404 for a route of one row, unless the controller declares its own (applied before this). */
const NotFound = (): MethodDecorator => (target, key, descriptor) => {
  const declared = Reflect.getMetadata(SWAGGER_API_RESPONSE, descriptor.value as object) as
    Record<string, unknown> | undefined;
  if (!declared?.['404']) ApiNotFoundResponse()(target, key, descriptor);
};

/** `GET /`: the page of the caller's rows. */
export const ListRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Get(), ApiOkResponse({ type }));

/** `GET /:id`: one row, its version as `ETag`. */
export const ReadRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Get(':id'), ApiOkResponse({ type }), NotFound(), EntityTagged());

/** `POST /`: 201 with the new row, its version as `ETag`. */
export const CreateRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Post(), ApiCreatedResponse({ type }), EntityTagged());

/** `PUT /:id`: 200 with the row as stored and its new `ETag`; `If-Match` makes it conditional. */
export const ReplaceRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Put(':id'), ApiOkResponse({ type }), NotFound(), ConditionalWrite());

/** `DELETE /:id`: 204 without a body; `If-Match` makes it conditional. */
export const DeleteRoute = (): MethodDecorator =>
  applyDecorators(
    Delete(':id'),
    HttpCode(204),
    ApiNoContentResponse(),
    NotFound(),
    ConditionalWrite(),
  );

/** `:id` as a UUID; a malformed one answers 400 VALIDATION_FAILED (UuidParam). */
export const IdParam = (): ParameterDecorator => UuidParam('id');
