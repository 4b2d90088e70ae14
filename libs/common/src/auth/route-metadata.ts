import type { ExecutionContext, Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/** Per controller, per handler: the metadata read so far, by key. */
const reads = new WeakMap<Type | object, WeakMap<object, Map<string, unknown>>>();

/**
 * `reflector.getAllAndOverride(key, [handler, controller])` of the route of `context`, read once
 * per route and key: decorators set their metadata when the classes are defined, so the answer
 * never changes, and the guard's per-request reads (access rule, auth-state detail, required
 * features) skip reflect-metadata's look-ups along the prototype chains.
 */
export function routeMetadata<T>(
  reflector: Reflector,
  key: string,
  context: ExecutionContext,
): T | undefined {
  const controller = context.getClass();
  const handler = context.getHandler();
  let byHandler = reads.get(controller);
  if (!byHandler) reads.set(controller, (byHandler = new WeakMap()));
  let byKey = byHandler.get(handler);
  if (!byKey) byHandler.set(handler, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) as T | undefined;
  const value = reflector.getAllAndOverride<T | undefined>(key, [handler, controller]);
  byKey.set(key, value);
  return value;
}
