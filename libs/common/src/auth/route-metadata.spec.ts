import { Controller, ExecutionContext, Get, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeMetadata } from './route-metadata';

const RULE = 'test:rule';

@Controller('base')
@SetMetadata(RULE, 'controller')
class BaseController {
  @Get('inherits')
  inherits(): void {}

  @Get('own')
  @SetMetadata(RULE, 'handler')
  own(): void {}
}

/** Same handlers, another controller with its own rule: answers are kept per controller. */
@Controller('other')
@SetMetadata(RULE, 'other controller')
class OtherController extends BaseController {}

@Controller('bare')
class BareController {
  @Get()
  bare(): void {}
}

@Controller('counted')
class CountedController {
  @Get()
  @SetMetadata(RULE, 'counted')
  counted(): void {}
}

const contextOf = (controller: new () => object, method: string): ExecutionContext =>
  ({
    getHandler: () => (controller.prototype as Record<string, unknown>)[method],
    getClass: () => controller,
  }) as ExecutionContext;

describe('routeMetadata', () => {
  it("answers Reflector.getAllAndOverride's handler-over-controller value of each route", () => {
    const reflector = new Reflector();
    for (const [controller, method] of [
      [BaseController, 'inherits'],
      [BaseController, 'own'],
      [OtherController, 'inherits'],
      [OtherController, 'own'],
      [BareController, 'bare'],
    ] as const) {
      const context = contextOf(controller, method);
      expect(routeMetadata(reflector, RULE, context)).toBe(
        reflector.getAllAndOverride(RULE, [context.getHandler(), context.getClass()]),
      );
    }
    expect(routeMetadata(reflector, RULE, contextOf(OtherController, 'inherits'))).toBe(
      'other controller',
    );
    expect(routeMetadata(reflector, RULE, contextOf(BareController, 'bare'))).toBeUndefined();
  });

  it('reads the metadata of a route and key once, absent values included', () => {
    const reflector = new Reflector();
    const read = jest.spyOn(reflector, 'getAllAndOverride');
    const context = contextOf(CountedController, 'counted');
    for (let i = 0; i < 3; i++) {
      expect(routeMetadata(reflector, 'test:absent', context)).toBeUndefined();
      expect(routeMetadata(reflector, RULE, context)).toBe('counted');
    }
    expect(read).toHaveBeenCalledTimes(2);
  });
});
