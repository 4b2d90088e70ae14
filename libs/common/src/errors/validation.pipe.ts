import { ValidationError, ValidationPipe } from '@nestjs/common';
import type { FieldError } from './domain-error';
import { ValidationFailedError } from './domain-error';

/** Flattens class-validator's tree into one `{ path, message }` per broken rule. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      out.push({
        path,
        message: message.replace(/^property (\S+) should not exist$/, 'unknown field'),
      });
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, path));
  }
  return out;
}

/**
 * The global pipe: whitelist + forbid unknown fields, transform to DTO classes, and answer
 * every failure as 400 VALIDATION_FAILED listing each bad path.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fieldErrors = flattenValidationErrors(errors);
      return new ValidationFailedError(
        `The request has ${fieldErrors.length} invalid field${fieldErrors.length === 1 ? '' : 's'}.`,
        fieldErrors,
      );
    },
  });
}
