import { applyDecorators, Delete, Get, HttpCode, Post, Put, Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { UuidParam } from '@sports/common';

/*
 * The five routes of a per-user resource (`GET /`, `GET /:id`, `POST /`, `PUT /:id`,
 * `DELETE /:id`), each bundling HTTP method, path, status and documented success body.
 * Error responses, access rules and parameters stay on the controller: they differ per
 * resource. Composed decorators rather than a generic base controller, because Swagger cannot
 * see the concrete DTO types through a generic class.
 */

/** `GET /`: the page of the caller's rows. */
export const ListRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Get(), ApiOkResponse({ type }));

/** `GET /:id`: one row. */
export const ReadRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Get(':id'), ApiOkResponse({ type }));

/** `POST /`: 201 with the new row. */
export const CreateRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Post(), ApiCreatedResponse({ type }));

/** `PUT /:id`: 200 with the row as stored. */
export const ReplaceRoute = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(Put(':id'), ApiOkResponse({ type }));

/** `DELETE /:id`: 204 without a body. */
export const DeleteRoute = (): MethodDecorator =>
  applyDecorators(Delete(':id'), HttpCode(204), ApiNoContentResponse());

/** `:id` as a UUID; a malformed one answers 400 VALIDATION_FAILED (UuidParam). */
export const IdParam = (): ParameterDecorator => UuidParam('id');
