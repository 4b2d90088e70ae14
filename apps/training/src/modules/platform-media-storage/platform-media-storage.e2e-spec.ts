import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('/api/admin/platform-media-storage', () => {
  let t: TrainingTestApp;
  let superadmin: TestProfile;
  let admin: TestProfile;
  let user: TestProfile;

  const rows = async () =>
    t.db.query(`SELECT key, value, updated_by FROM platform_settings ORDER BY key`);

  beforeAll(async () => {
    t = await startTrainingTestApp();
    superadmin = await t.newProfile({ role: 'superadmin' });
    admin = await t.newProfile({ role: 'admin' });
    user = await t.newProfile({ role: 'user' });
  });
  afterAll(() => t.close());

  it('refuses anonymous callers with 401 and admins or users with 403, for GET and PUT', async () => {
    expect((await t.http.get('/api/admin/platform-media-storage')).status).toBe(401);
    for (const who of [admin, user]) {
      const get = await t.http
        .get('/api/admin/platform-media-storage')
        .set('Authorization', who.auth);
      expect(get.status).toBe(403);
      const put = await t.http
        .put('/api/admin/platform-media-storage')
        .set('Authorization', who.auth)
        .send({ relative_root: 'mine' });
      expect(put.status).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it('answers the default root before one was set', async () => {
    const res = await t.http
      .get('/api/admin/platform-media-storage')
      .set('Authorization', superadmin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      relative_root: 'media',
      is_default: true,
      updated_at: null,
      updated_by_profile_id: null,
    });
  });

  it('stores a valid relative root for a superadmin', async () => {
    const res = await t.http
      .put('/api/admin/platform-media-storage')
      .set('Authorization', superadmin.auth)
      .send({ relative_root: 'tenant-a/media_2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      relative_root: 'tenant-a/media_2026',
      is_default: false,
      updated_by_profile_id: superadmin.id,
    });
    const read = await t.http
      .get('/api/admin/platform-media-storage')
      .set('Authorization', superadmin.auth);
    expect(read.body.relative_root).toBe('tenant-a/media_2026');
    expect(await rows()).toEqual([
      {
        key: 'media_storage',
        value: { relative_root: 'tenant-a/media_2026' },
        updated_by: superadmin.id,
      },
    ]);
  });

  it.each([
    ['../etc'],
    ['media/../../etc'],
    ['/var/media'],
    ['\\\\server\\share'],
    ['C:\\media'],
    ['media%2f..%2fetc'],
    ['media%5cx'],
    ['x'.repeat(201)],
    [''],
    [42],
    [null],
  ])('refuses %p with 400 and keeps the stored root', async (relative_root) => {
    const before = await rows();
    const res = await t.http
      .put('/api/admin/platform-media-storage')
      .set('Authorization', superadmin.auth)
      .send({ relative_root });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0].path).toBe('relative_root');
    expect(await rows()).toEqual(before);
  });
});
