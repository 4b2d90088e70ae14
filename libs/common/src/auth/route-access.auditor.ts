import { Injectable, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_METADATA } from './access.decorators';

/**
 * Refuses to start a service in which a route does not declare who may call it, so that
 * "every route declares its access rule" is checked by the machine, not by review.
 */
@Injectable()
export class RouteAccessAuditor implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const undeclared = this.undeclaredRoutes();
    if (undeclared.length) {
      throw new Error(
        `Routes without an access rule (@Public, @Authenticated or @Roles): ${undeclared.join(', ')}`,
      );
    }
  }

  undeclaredRoutes(): string[] {
    const missing: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as (
          ...args: unknown[]
        ) => unknown;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const rule = this.reflector.getAllAndOverride(ACCESS_METADATA, [handler, metatype]);
        if (!rule) {
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
          missing.push(`${metatype.name}.${name} (${method})`);
        }
      }
    }
    return missing;
  }
}
