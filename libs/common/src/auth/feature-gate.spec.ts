import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors';
import type { AuthUser } from './auth-user';
import {
  closestMissingFeatures,
  FeatureGate,
  FeatureResolver,
  missingFeatures,
  RequireFeatures,
} from './feature-gate';

@Controller('gated')
@RequireFeatures('export')
class GatedController {
  @Get('inherits')
  inherits(): void {}

  @Get('own')
  @RequireFeatures(['csv_import', 'photos'], { description: 'FEATURE_REQUIRED (csv_import)' })
  own(): void {}
}

@Controller('open')
class OpenController {
  @Get()
  open(): void {}
}

/** Features by user id; counts the lookups. */
class StubResolver implements FeatureResolver {
  calls: string[] = [];
  constructor(private readonly byUser: Record<string, string[]>) {}
  featuresOf(userId: string): Promise<string[]> {
    this.calls.push(userId);
    return Promise.resolve(this.byUser[userId] ?? []);
  }
}

const contextOf = (controller: new () => object, method: string): ExecutionContext =>
  ({
    getHandler: () => (controller.prototype as Record<string, unknown>)[method],
    getClass: () => controller,
  }) as ExecutionContext;

const user = (id: string): AuthUser => ({ id, email: `${id}@example.org`, role: 'user' });

/** The error `promise` rejected with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe('feature gate', () => {
  const resolver = new StubResolver({
    free: [],
    plus: ['export', 'photos'],
    pro: ['export', 'photos', 'csv_import'],
  });
  const gate = new FeatureGate(new Reflector(), resolver);
  beforeEach(() => {
    resolver.calls = [];
  });

  describe('on a @RequireFeatures route (as the access guard runs it)', () => {
    it('refuses a caller without the feature with 403 FEATURE_REQUIRED naming missing_features', async () => {
      const err = await refusal(
        gate.checkRoute(contextOf(GatedController, 'inherits'), user('free')),
      );
      expect(err.status).toBe(403);
      expect(err.code).toBe('FEATURE_REQUIRED');
      expect(err.extensions).toEqual({ missing_features: ['export'] });
      expect(err.hint).toBe('Upgrade your membership tier.');
      expect(err.message).toBe('Your membership does not include: export.');
    });

    it('lets a caller through who has every required feature', async () => {
      await expect(
        gate.checkRoute(contextOf(GatedController, 'inherits'), user('plus')),
      ).resolves.toBeUndefined();
      expect(resolver.calls).toEqual(['plus']);
    });

    it("takes the handler's features over the controller's, every one of them required", async () => {
      const own = contextOf(GatedController, 'own');
      await expect(gate.checkRoute(own, user('pro'))).resolves.toBeUndefined();
      const err = await refusal(gate.checkRoute(own, user('plus')));
      expect(err.extensions).toEqual({ missing_features: ['csv_import'] });
      const none = await refusal(gate.checkRoute(own, user('free')));
      expect(none.extensions).toEqual({ missing_features: ['csv_import', 'photos'] });
    });

    it('refuses an anonymous caller with 401 instead of letting it through', async () => {
      const err = await refusal(gate.checkRoute(contextOf(GatedController, 'inherits'), undefined));
      expect([err.status, err.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect(resolver.calls).toEqual([]);
    });

    it('asks nothing on a route without features, signed in or anonymous', async () => {
      await expect(
        gate.checkRoute(contextOf(OpenController, 'open'), user('free')),
      ).resolves.toBeUndefined();
      await expect(
        gate.checkRoute(contextOf(OpenController, 'open'), undefined),
      ).resolves.toBeUndefined();
      expect(resolver.calls).toEqual([]);
    });
  });

  describe('called by a service', () => {
    it('require() passes with all features and refuses with the missing ones in order', async () => {
      await expect(gate.require('pro', ['photos', 'export'])).resolves.toBeUndefined();
      const err = await refusal(gate.require('plus', ['csv_import', 'export', 'charts']));
      expect([err.status, err.code, err.extensions]).toEqual([
        403,
        'FEATURE_REQUIRED',
        { missing_features: ['csv_import', 'charts'] },
      ]);
    });

    it('requireAnyOf() passes when one alternative is held and names the closest one otherwise', async () => {
      await expect(
        gate.requireAnyOf('plus', [['csv_import'], ['photos', 'export']]),
      ).resolves.toBeUndefined();
      const err = await refusal(
        gate.requireAnyOf('free', [
          ['a', 'b', 'c'],
          ['export', 'photos'],
          ['x', 'y'],
        ]),
      );
      expect(err.extensions).toEqual({ missing_features: ['export', 'photos'] });
    });

    it('fails loudly without a feature resolver instead of letting the caller through', async () => {
      const bare = new FeatureGate(new Reflector());
      expect(bare.configured).toBe(false);
      expect(gate.configured).toBe(true);
      await expect(bare.require('pro', ['export'])).rejects.toThrow(/FeatureResolver/);
      await expect(
        bare.checkRoute(contextOf(GatedController, 'inherits'), user('pro')),
      ).rejects.toThrow(/FeatureResolver/);
    });
  });

  describe('rules', () => {
    it('missingFeatures keeps the order of the required list', () => {
      expect(missingFeatures(['c', 'a', 'b'], new Set(['a']))).toEqual(['c', 'b']);
      expect(missingFeatures([], new Set())).toEqual([]);
    });

    it('closestMissingFeatures picks the fewest missing, the first on a tie', () => {
      const have = new Set(['a']);
      expect(closestMissingFeatures([['a', 'b', 'c'], ['d'], ['e']], have)).toEqual(['d']);
      expect(closestMissingFeatures([['b'], ['a']], have)).toEqual([]);
      expect(() => closestMissingFeatures([], have)).toThrow();
    });

    it('RequireFeatures refuses an empty feature list', () => {
      expect(() => RequireFeatures([])).toThrow();
    });
  });

  describe('OpenAPI', () => {
    /** @nestjs/swagger's metadata key of ApiResponse (its constants are not exported). */
    const API_RESPONSE = 'swagger/apiResponse';
    const forbidden = (target: object) =>
      (Reflect.getMetadata(API_RESPONSE, target) as Record<string, unknown>)['403'];

    it('declares the 403 answer naming the features, or with the given description', () => {
      expect(forbidden(GatedController)).toMatchObject({
        description: 'Requires the feature(s) export (FEATURE_REQUIRED)',
      });
      expect(forbidden(GatedController.prototype.own)).toMatchObject({
        description: 'FEATURE_REQUIRED (csv_import)',
      });
    });
  });
});
