import { Injectable, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_METADATA, AccessRule } from './access.decorators';
import { FeatureGate, requiredFeaturesOf } from './feature-gate';

interface Route {
  /** `Controller.method (VERB)` */
  name: string;
  rule: AccessRule | undefined;
  features: string[] | undefined;
}

/**
 * Refuses to start a service in which a route does not declare who may call it, so that
 * "every route declares its access rule" is checked by the machine, not by review; likewise
 * a route that requires features but is public (no caller to check) or whose service
 * provides no feature resolver.
 */
@Injectable()
export class RouteAccessAuditor implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly features: FeatureGate,
  ) {}

  onApplicationBootstrap(): void {
    const undeclared = this.undeclaredRoutes();
    if (undeclared.length) {
      throw new Error(
        `Routes without an access rule (@Public, @Authenticated or @Roles): ${undeclared.join(', ')}`,
      );
    }
    const misgated = this.misgatedRoutes();
    if (misgated.length) {
      throw new Error(
        `Routes requiring features that cannot be checked (a public route, or no auth.features resolver): ${misgated.join(', ')}`,
      );
    }
  }

  undeclaredRoutes(): string[] {
    return this.routes()
      .filter((r) => !r.rule)
      .map((r) => r.name);
  }

  /** Routes with `@RequireFeatures` that are public or that no feature resolver can answer. */
  misgatedRoutes(): string[] {
    return this.routes()
      .filter((r) => r.features?.length && (r.rule?.kind === 'public' || !this.features.configured))
      .map((r) => r.name);
  }

  private routes(): Route[] {
    const routes: Route[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as (
          ...args: unknown[]
        ) => unknown;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        routes.push({
          name: `${metatype.name}.${name} (${method})`,
          rule: this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [
            handler,
            metatype,
          ]),
          features: requiredFeaturesOf(this.reflector, [handler, metatype]),
        });
      }
    }
    return routes;
  }
}
