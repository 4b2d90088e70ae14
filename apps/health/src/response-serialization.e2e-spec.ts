import {
  CallHandler,
  DynamicModule,
  ExecutionContext,
  Injectable,
  Module,
  NestInterceptor,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { startTestApp, takeContractViolations, TestApp } from '@sports/common/testing';
import { map, Observable } from 'rxjs';
import { AppModule } from './app.module';
import { loadHealthConfig } from './config';
import { RELEASE, SERVICE_DESCRIPTION } from './release';

/**
 * Test-only: sets a field the document does not declare on every weight answer (the entry and
 * each list item) after the handler, and keeps the JSON.stringify text of the answer as the
 * handler made it.
 */
@Injectable()
class LeakInterceptor implements NestInterceptor {
  static readonly sent: string[] = [];

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const path = context.switchToHttp().getRequest<{ path: string }>().path;
    return next.handle().pipe(
      map((body: unknown) => {
        if (!path.startsWith('/api/weight') || !body || typeof body !== 'object') return body;
        LeakInterceptor.sent.push(JSON.stringify(body));
        const items = (body as { items?: object[] }).items;
        for (const target of [body, ...(items ?? [])])
          Object.assign(target, { internal_secret: 'must-not-leave' });
        return body;
      }),
    );
  }
}

@Module({})
class LeakModule {
  static wrap(inner: DynamicModule): DynamicModule {
    return {
      module: LeakModule,
      imports: [inner],
      providers: [{ provide: APP_INTERCEPTOR, useClass: LeakInterceptor }],
    };
  }
}

async function start(serializer: 'schema' | 'json'): Promise<TestApp> {
  const config = loadHealthConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    STORAGE_SWEEP_INTERVAL_MINUTES: '0',
    RESPONSE_SERIALIZER: serializer,
  });
  return startTestApp({
    release: RELEASE,
    description: SERVICE_DESCRIPTION,
    config,
    createModule: (c, url) => LeakModule.wrap(AppModule.forRoot(c, url)),
  });
}

async function signIn(t: TestApp): Promise<string> {
  const email = `serializer-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
  const password = 'secret-password-serializer';
  expect((await t.http.post('/api/auth/register').send({ email, password })).status).toBe(201);
  const login = await t.http.post('/api/auth/login').send({ email, password });
  return `Bearer ${login.body.access_token}`;
}

describe('response serialization (RESPONSE_SERIALIZER)', () => {
  describe('schema (the default)', () => {
    let t: TestApp;
    let auth: string;
    beforeAll(async () => {
      t = await start('schema');
      auth = await signIn(t);
    });
    afterAll(() => t.close());

    it('drops an undeclared field; the declared ones are the bytes JSON.stringify writes', async () => {
      LeakInterceptor.sent.length = 0;
      const created = await t.http
        .post('/api/weight')
        .set('Authorization', auth)
        .send({ date: '2026-03-01', weight_kg: 78.45, note: 'after "run" ü' });
      expect(created.status).toBe(201);
      expect(created.text).not.toContain('must-not-leave');
      expect(created.text).toBe(LeakInterceptor.sent[0]);
      expect(created.headers['content-type']).toBe('application/json; charset=utf-8');

      await t.http
        .post('/api/weight')
        .set('Authorization', auth)
        .send({ date: '2026-03-02', weight_kg: 78.1 })
        .expect(201);
      const list = await t.http.get('/api/weight').set('Authorization', auth);
      expect(list.status).toBe(200);
      expect(list.body.items).toHaveLength(2);
      expect(list.text).not.toContain('internal_secret');
      expect(list.text).toBe(LeakInterceptor.sent[2]);

      const one = await t.http.get(`/api/weight/${created.body.id}`).set('Authorization', auth);
      expect(one.status).toBe(200);
      expect(one.text).toBe(LeakInterceptor.sent[3]);
      expect(one.headers.etag).toBeDefined();
    });

    it('keeps problem details on their own path', async () => {
      const res = await t.http
        .get('/api/weight/00000000-0000-4000-8000-000000000000')
        .set('Authorization', auth);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('NOT_FOUND');
    });
  });

  describe('json (switched off)', () => {
    let t: TestApp;
    let auth: string;
    beforeAll(async () => {
      t = await start('json');
      auth = await signIn(t);
    });
    afterAll(() => t.close());

    it('lets the undeclared field through, and the contract check sees it', async () => {
      const created = await t.http
        .post('/api/weight')
        .set('Authorization', auth)
        .send({ date: '2026-03-01', weight_kg: 70 });
      expect(created.status).toBe(201);
      expect(created.body.internal_secret).toBe('must-not-leave');
      const violations = takeContractViolations();
      expect(violations.map((v) => v.operation)).toEqual(['POST /api/weight']);
      expect(violations[0].problem).toMatch(/additional properties/);
    });
  });
});
