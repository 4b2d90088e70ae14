import {
  cloneTestDatabase,
  startTestApp,
  TcpProxy,
  TestApp,
  TestDatabase,
} from '@sports/common/testing';
import { AppModule } from './app.module';
import { loadTrainingConfig } from './config';
import { RELEASE } from './release';

describe('training service while its database is unreachable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let auth: string;
  const account = { name: 'Outage', email: 'outage@example.org', pin: '4711' };

  beforeAll(async () => {
    database = await cloneTestDatabase();
    proxy = await TcpProxy.start(database.url);
    t = await startTestApp({
      release: RELEASE,
      config: loadTrainingConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        LOGIN_RATE_LIMIT: '10000',
      }),
      createModule: (c, url) => AppModule.forRoot(c, url),
      database: { ...database, url: proxy.urlFor(database.url) },
    });
    const reg = await t.http.post('/api/auth/register').send(account);
    auth = `Bearer ${reg.body.access_token}`;
    await proxy.refuse();
  });
  afterAll(async () => {
    await t.app.close();
    await proxy.close();
    await database.drop();
  });

  it.each([
    [
      'sign-in',
      () => t.http.post('/api/auth/login').send({ email: account.email, pin: account.pin }),
    ],
    [
      'registration',
      () =>
        t.http
          .post('/api/auth/register')
          .send({ name: 'New', email: 'new@example.org', pin: '1234' }),
    ],
    ['an authenticated read', () => t.http.get('/api/profiles/me').set('Authorization', auth)],
  ])(
    'answers %s with 503 SERVICE_UNAVAILABLE and Retry-After, never 401 or 500',
    async (_what, send) => {
      const res = await send();
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    },
  );
});
