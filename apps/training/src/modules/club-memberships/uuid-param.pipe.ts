import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ValidationFailedError } from '@sports/common';
import { isUUID } from 'class-validator';

/** Path ids are UUIDs; anything else is 400 VALIDATION_FAILED naming the parameter. */
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
