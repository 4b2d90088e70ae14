import { Controller, Get, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { Public, RequireFeatures } from '../src/auth';
import { startTestApp, TestApp } from '../src/testing';
import { FIXTURE_RELEASE, fixtureConfig, fixtureModule } from './fixture-app';

const PROBLEM = /^application\/problem\+json/;

describe('service core over real HTTP', () => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;

  beforeAll(async () => {
    t = await startTestApp({
      release: FIXTURE_RELEASE,
      config: fixtureConfig(),
      createModule: fixtureModule,
    });
    const admin = { id: randomUUID(), email: 'admin@example.org', role: 'admin' };
    const user = { id: randomUUID(), email: 'user@example.org', role: 'user' };
    for (const a of [admin, user])
      await t.db.query('INSERT INTO accounts VALUES ($1, $2, $3)', [a.id, a.email, a.role]);
    adminToken = (await t.http.post('/api/fixture/token').send(admin)).body.access_token;
    userToken = (await t.http.post('/api/fixture/token').send(user)).body.access_token;
  });
  afterAll(() => t.close());

  describe('problem+json errors', () => {
    it('answers an unknown error with a plain 500 that names the request id and nothing of the cause', async () => {
      const res = await t.http.get('/api/fixture/boom').set('X-Request-Id', 'req-500-check');
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body).toMatchObject({
        status: 500,
        code: 'INTERNAL_ERROR',
        request_id: 'req-500-check',
      });
      expect(res.body.detail).toContain('req-500-check');
      expect(res.text).not.toMatch(/secret_table|secret\.ts|relation|stack|at \//);
    });

    it('keeps the code, detail and hint of a domain error', async () => {
      const res = await t.http.get('/api/fixture/conflict');
      expect(res.status).toBe(409);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body).toEqual(
        expect.objectContaining({
          type: 'urn:problem:name-taken',
          title: 'Conflict',
          status: 409,
          detail: 'That name is taken.',
          code: 'NAME_TAKEN',
          hint: 'Pick another name.',
        }),
      );
    });

    it('answers an unknown route with 404 NOT_FOUND', async () => {
      const res = await t.http.get('/api/nowhere');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    it('lists every bad path with 400 VALIDATION_FAILED, unknown fields included', async () => {
      const res = await t.http
        .post('/api/fixture/echo')
        .send({ name: 3, level: 11, address: { city: 5, zip: 'x' }, admin: true });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      const paths = (res.body.errors as { path: string }[]).map((e) => e.path).sort();
      expect(paths).toEqual(['address.city', 'address.zip', 'admin', 'level', 'name']);
      expect(res.body.errors).toContainEqual({ path: 'admin', message: 'unknown field' });
    });

    it('accepts a valid body unchanged', async () => {
      const body = { name: 'n', level: 3, address: { city: 'Graz' } };
      const res = await t.http.post('/api/fixture/echo').send(body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual(body);
    });

    it('answers malformed JSON with a 400 problem', async () => {
      const res = await t.http
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json')
        .send('{"name": ');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.detail).toMatch(/JSON/);
    });

    it('answers an oversized JSON body with 413', async () => {
      const res = await t.http
        .post('/api/fixture/echo')
        .send({ name: 'x'.repeat(1_100_000), level: 1, address: { city: 'a' } });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('authentication and roles', () => {
    it('refuses a protected route without a token with 401 UNAUTHENTICATED', async () => {
      const res = await t.http.get('/api/fixture/me');
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });

    it('refuses a forged token', async () => {
      const [h, p] = adminToken.split('.');
      const res = await t.http
        .get('/api/fixture/me')
        .set('Authorization', `Bearer ${h}.${p}.forged`);
      expect(res.status).toBe(401);
    });

    it('ends the session of an access token at logout, from the next request', async () => {
      const account = { id: randomUUID(), email: 'session@example.org', role: 'user' };
      await t.db.query('INSERT INTO accounts VALUES ($1, $2, $3)', [
        account.id,
        account.email,
        account.role,
      ]);
      const first = (await t.http.post('/api/fixture/token').send(account)).body;
      const second = (await t.http.post('/api/fixture/token').send(account)).body;
      const me = (token: string) =>
        t.http.get('/api/fixture/me').set('Authorization', `Bearer ${token}`);
      const session = (await me(first.access_token)).body.sessionId;
      expect(session).toMatch(/^[0-9a-f-]{36}$/);
      expect((await me(second.access_token)).body.sessionId).not.toBe(session);

      await t.http.post('/api/fixture/logout').send({ refresh_token: first.refresh_token });
      const ended = await me(first.access_token);
      expect(ended.status).toBe(401);
      expect(ended.body.code).toBe('UNAUTHENTICATED');
      expect(ended.body.detail).toMatch(/session/);
      expect((await me(second.access_token)).status).toBe(200);

      // A refreshed pair stays in its session; ending the others keeps the caller's own.
      const third = (await t.http.post('/api/fixture/token').send(account)).body;
      await t.http
        .post('/api/fixture/other-sessions/revoke')
        .set('Authorization', `Bearer ${third.access_token}`);
      expect((await me(second.access_token)).status).toBe(401);
      expect((await me(third.access_token)).status).toBe(200);
    });

    it('refuses a validly signed access token without a session id', async () => {
      const [, payload] = userToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
      const jwt = t.app.get(JwtService);
      const { sid: _sid, iat: _iat, exp: _exp, iss: _iss, ...rest } = claims;
      const noSession = jwt.sign(rest, { expiresIn: 60, issuer: claims.iss, algorithm: 'HS256' });
      const res = await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${noSession}`);
      expect(res.status).toBe(401);
      const badSession = jwt.sign(
        { ...rest, sid: 'not-a-uuid' },
        { expiresIn: 60, issuer: claims.iss, algorithm: 'HS256' },
      );
      expect(
        (await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${badSession}`)).status,
      ).toBe(401);
      // Signed, with a live session, but without an expiry: refused.
      const { exp: _e, ...forever } = claims;
      const neverExpires = jwt.sign(forever, { algorithm: 'HS256' });
      expect(
        (await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${neverExpires}`)).status,
      ).toBe(401);
      expect(
        (await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${userToken}`)).status,
      ).toBe(200);
    });

    it('marks authenticated answers Cache-Control: no-store', async () => {
      const res = await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${userToken}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('refuses a user on an admin route with 403 FORBIDDEN', async () => {
      const res = await t.http
        .get('/api/fixture/admin')
        .set('Authorization', `Bearer ${userToken}`);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body.code).toBe('FORBIDDEN');
    });

    it('lets an admin and a higher-ranked role through', async () => {
      expect(
        (await t.http.get('/api/fixture/admin').set('Authorization', `Bearer ${adminToken}`))
          .status,
      ).toBe(200);
      const superId = randomUUID();
      await t.db.query(`INSERT INTO accounts VALUES ($1, 's@example.org', 'superadmin')`, [
        superId,
      ]);
      const token = (
        await t.http
          .post('/api/fixture/token')
          .send({ id: superId, email: 's@example.org', role: 'superadmin' })
      ).body.access_token;
      expect(
        (await t.http.get('/api/fixture/admin').set('Authorization', `Bearer ${token}`)).status,
      ).toBe(200);
    });

    it('takes the role from the account, not from the token, so a demotion acts at once', async () => {
      const id = randomUUID();
      await t.db.query(`INSERT INTO accounts VALUES ($1, 'demoted@example.org', 'admin')`, [id]);
      const token = (
        await t.http
          .post('/api/fixture/token')
          .send({ id, email: 'demoted@example.org', role: 'admin' })
      ).body.access_token;
      await t.db.query(`UPDATE accounts SET role = 'user' WHERE id = $1`, [id]);
      expect(
        (await t.http.get('/api/fixture/admin').set('Authorization', `Bearer ${token}`)).status,
      ).toBe(403);
      await t.db.query(`DELETE FROM accounts WHERE id = $1`, [id]);
      expect(
        (await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${token}`)).status,
      ).toBe(401);
    });
  });

  describe('feature gate', () => {
    it('refuses a caller without the feature with 403 FEATURE_REQUIRED naming missing_features', async () => {
      const res = await t.http
        .get('/api/fixture/reports')
        .set('Authorization', `Bearer ${userToken}`);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body).toMatchObject({
        code: 'FEATURE_REQUIRED',
        missing_features: ['reports'],
        hint: 'Upgrade your membership tier.',
      });
    });

    it('lets a caller with the feature through, and asks a token first', async () => {
      const ok = await t.http
        .get('/api/fixture/reports')
        .set('Authorization', `Bearer ${adminToken}`);
      expect([ok.status, ok.body]).toEqual([200, { ok: true }]);
      const anonymous = await t.http.get('/api/fixture/reports');
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    });

    it('declares the 403 answer in the OpenAPI document', async () => {
      const doc = (await t.http.get('/api/docs-json')).body;
      const forbidden = doc.paths['/api/fixture/reports'].get.responses['403'];
      expect(forbidden.description).toMatch(/^Requires the feature\(s\) reports/);
      expect(
        forbidden.content['application/problem+json'].schema.allOf[1].properties.code.enum,
      ).toEqual(['FEATURE_REQUIRED']);
    });
  });

  describe('meta endpoints', () => {
    it('answers /api/version with the release and the module table, and sets X-App-Version everywhere', async () => {
      const res = await t.http.get('/api/version');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...FIXTURE_RELEASE,
        modules: { fixture_feature: '1.2.3' },
        extensions: {},
      });
      expect(res.headers['x-app-version']).toBe('9.9.9');
      expect((await t.http.get('/api/nowhere')).headers['x-app-version']).toBe('9.9.9');
    });

    it('echoes a given request id and makes one otherwise', async () => {
      expect(
        (await t.http.get('/api/health/live').set('X-Request-Id', 'abc-123')).headers[
          'x-request-id'
        ],
      ).toBe('abc-123');
      expect((await t.http.get('/api/health/live')).headers['x-request-id']).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    });

    it('reports readiness with the core tables and the applied migrations', async () => {
      const res = await t.http.get('/api/health/ready');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'ready',
        database: { connected: true },
        core_tables: { present: ['accounts', 'refresh_tokens'], missing: [] },
        migrations: { applied: 1, latest: 'Fixture1700000000000' },
      });
    });

    it('serves Prometheus metrics with request durations by route pattern', async () => {
      await t.http.get('/api/version');
      const res = await t.http.get('/api/metrics');
      expect(res.status).toBe(200);
      expect(res.text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/version",status="200"\}/,
      );
      expect(res.text).toContain('process_cpu_user_seconds_total');
    });

    it('serves the OpenAPI document with bearer security on protected routes only', async () => {
      const res = await t.http.get('/api/docs-json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(res.body.paths['/api/fixture/admin'].get.security).toEqual([{ bearer: [] }]);
      expect(res.body.paths['/api/version'].get.security).toEqual([]);
      expect((await t.http.get('/api/docs')).status).toBe(200);
    });
  });
});

describe('readiness when the database goes away', () => {
  it('answers 503 SERVICE_UNAVAILABLE instead of crashing', async () => {
    const t = await startTestApp({
      release: FIXTURE_RELEASE,
      config: fixtureConfig(),
      createModule: fixtureModule,
    });
    try {
      await t.database.drop();
      const res = await t.http.get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        database: { connected: false },
      });
      expect((await t.http.get('/api/health/live')).status).toBe(200);
    } finally {
      await t.app.close().catch(() => undefined);
    }
  });
});

describe('route access audit', () => {
  it('refuses to start an application with a route that declares no access rule', async () => {
    @Controller('undeclared')
    class UndeclaredController {
      @Get()
      open(): string {
        return 'should never be served';
      }
    }
    @Module({ controllers: [UndeclaredController] })
    class UndeclaredModule {}
    await expect(
      startTestApp({
        release: FIXTURE_RELEASE,
        config: fixtureConfig(),
        createModule: (c, url) => fixtureModule(c, url, [UndeclaredModule]),
      }),
    ).rejects.toThrow(/UndeclaredController\.open/);
  });

  it('refuses to start with a public route that requires features', async () => {
    @Controller('public-gated')
    class PublicGatedController {
      @Get()
      @Public()
      @RequireFeatures('reports')
      open(): string {
        return 'should never be served';
      }
    }
    @Module({ controllers: [PublicGatedController] })
    class PublicGatedModule {}
    await expect(
      startTestApp({
        release: FIXTURE_RELEASE,
        config: fixtureConfig(),
        createModule: (c, url) => fixtureModule(c, url, [PublicGatedModule]),
      }),
    ).rejects.toThrow(/requiring features.*PublicGatedController\.open/);
  });

  it('refuses to start with a gated route when the service has no feature resolver', async () => {
    await expect(
      startTestApp({
        release: FIXTURE_RELEASE,
        config: fixtureConfig(),
        createModule: (c, url) => fixtureModule(c, url, [], null),
      }),
    ).rejects.toThrow(/requiring features.*FixtureController\.reports/);
  });
});
