import { ArgumentMetadata, Injectable, Param, PipeTransform } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { ValidationFailedError } from '../errors/domain-error';

/**
 * Path ids are UUIDs; anything else answers 400 VALIDATION_FAILED naming the parameter, in both
 * services (docs/decisions/0007-uuid-path-parameters.md).
 */
@Injectable()
export class UuidParamPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (!isUUID(value)) {
      const path = metadata.data ?? 'id';
      throw new ValidationFailedError(`The path parameter ${path} must be a UUID.`, [
        { path, message: 'must be a UUID' },
      ]);
    }
    return value;
  }
}

/** @nestjs/swagger's metadata key of declared responses (DECORATORS.API_RESPONSE, not exported). */
const SWAGGER_API_RESPONSE = 'swagger/apiResponse';

/** Description of the 400 a malformed path id answers, unless the route declares its own 400. */
export const UUID_PARAM_REFUSAL = 'VALIDATION_FAILED: a path id is not a UUID';

/**
 * `@UuidParam('id')`: the path parameter `name`, checked by UuidParamPipe and declared in the
 * OpenAPI document as `format: uuid` with its 400 answer. A route's own `@ApiBadRequestResponse`
 * (method decorators apply after parameter decorators) keeps its description.
 */
export function UuidParam(name = 'id'): ParameterDecorator {
  return (target, key, index) => {
    Param(name, UuidParamPipe)(target, key, index);
    documentUuidParam(name)(target, key, index);
  };
}

/**
 * The OpenAPI side of `UuidParam` (`format: uuid` and the 400), for parameter decorators that
 * read a UUID path parameter together with something else.
 */
export function documentUuidParam(name = 'id'): ParameterDecorator {
  return (target, key) => {
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor) return;
    ApiParam({ name, type: String, format: 'uuid' })(target, key, descriptor);
    // Parameter decorators run before method decorators: a 400 already present comes from another
    // UuidParam of the same route, whose description says it all.
    const responses = Reflect.getMetadata(SWAGGER_API_RESPONSE, descriptor.value) as
      Record<string, unknown> | undefined;
    if (responses?.['400']) return;
    ApiBadRequestResponse({ description: UUID_PARAM_REFUSAL })(target, key, descriptor);
  };
}
