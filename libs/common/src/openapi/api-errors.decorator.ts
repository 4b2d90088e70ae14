import type { ErrorCode } from '../errors/error-catalogue';

/** Operation extension the contract builder turns into problem responses (then removes). */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

/** @nestjs/swagger's metadata key of operation extensions (DECORATORS.API_EXTENSION). */
const API_EXTENSION = 'swagger/apiExtension';

function addCodes(target: object, codes: readonly ErrorCode[]): void {
  const extensions = (Reflect.getMetadata(API_EXTENSION, target) ?? {}) as Record<string, unknown>;
  const known = (extensions[ERROR_CODES_EXTENSION] as string[] | undefined) ?? [];
  Reflect.defineMetadata(
    API_EXTENSION,
    { ...extensions, [ERROR_CODES_EXTENSION]: [...new Set([...known, ...codes])] },
    target,
  );
}

/**
 * Declares the problem codes an operation may answer beyond those every operation of its kind
 * answers (400 VALIDATION_FAILED with parameters or a body, 401 UNAUTHENTICATED when signed in,
 * 403 FORBIDDEN with a role rule, 413/415 with a body, 503 always). The OpenAPI document gets
 * one problem+json response per status whose `code` is restricted to these codes; the contract
 * tests refuse any other. On a class it applies to every route of the controller; repeated
 * decorators add up.
 */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator & ClassDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      addCodes(descriptor.value as object, codes);
      return descriptor;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (name === 'constructor') continue;
      const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (typeof method === 'function' && Reflect.hasMetadata('method', method))
        addCodes(method, codes);
    }
    return target;
  }) as MethodDecorator & ClassDecorator;
}
