import {
  ArgumentMetadata,
  Injectable,
  PipeTransform,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { assertInputRule } from '../validation/input-rule';
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

/** A file as multer hands it to `@UploadedFile()`; its name comes from the request. */
interface UploadedFileLike {
  fieldname: string;
  originalname: string;
}

const isUploadedFile = (value: unknown): value is UploadedFileLike =>
  typeof (value as UploadedFileLike | null)?.originalname === 'string' &&
  typeof (value as UploadedFileLike).fieldname === 'string';

/**
 * The global pipe: the input rule (NUL, depth, numbers, prototype keys) on every body, query
 * and path parameter whatever its declared type and wherever it was parsed, and on the name of
 * an uploaded file; then whitelist + forbid unknown fields and transform to the DTO class,
 * answering every failure as 400 VALIDATION_FAILED listing each bad path.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  private readonly dto = createDtoValidationPipe();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'custom') assertInputRule(value, metadata.data ?? '');
    else if (isUploadedFile(value))
      assertInputRule(value.originalname, `${value.fieldname}.filename`);
    return this.dto.transform(value, metadata);
  }
}

export function createValidationPipe(): RequestValidationPipe {
  return new RequestValidationPipe();
}

function createDtoValidationPipe(): ValidationPipe {
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
