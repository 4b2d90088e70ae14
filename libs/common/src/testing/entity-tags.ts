import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { TestDb } from './test-db';
import { waitFor } from './wait-for';
import { currentRowVersion, type RowKey } from '../concurrency/row-version';
import { statusesOfConcurrent } from './concurrency';
import { writableBody } from './writable-body';

/** One editable resource under the entity-tag contract (see `entityTagContract`). */
export interface EntityTagSubject {
  http: TestAgent;
  /** Headers of a caller who may edit the resource (Authorization, X-Active-Club-Id, ...). */
  owner: Record<string, string>;
  /**
   * Headers of a caller who may not see or edit it, and the status they get (401 for a
   * resource of the caller itself, such as a profile: the stranger is then anonymous).
   */
  stranger: Record<string, string>;
  strangerStatus: 401 | 403 | 404;
  /** The stranger may read the resource (a shared one) but not write it. */
  strangerReads?: boolean;
  /** Creates a fresh resource: its URL and, when created by POST, the creating response. */
  create(): Promise<{ url: string; created?: Response }>;
  /**
   * A valid write body; a different `n` gives a different resource state, none of them the
   * created one (an entity save that changes nothing keeps the row version).
   */
  change(n: number): object;
  /** `PUT` (default) or `PATCH`. */
  method?: 'put' | 'patch';
  /**
   * Where writes go when not to the resource's URL: a resource written through its parts
   * (`PUT /users/{id}/tier` of `GET /users/{id}`).
   */
  writeUrl?(url: string): string;
  /** The stored state of the resource (null when gone), to prove a refused write left it. */
  stored(url: string): Promise<unknown>;
  /** The service's database and the row holding the resource's version. */
  db: TestDb;
  row(url: string): RowKey;
  /** Whether the resource has `DELETE` on its URL (default true). */
  deletable?: boolean;
  /**
   * Where `DELETE` goes when not to the resource's URL: a part that is removed (a feature
   * override of an account). `stored` is then the part (null when gone).
   */
  deleteUrl?(url: string): string;
  /** The status of a successful `DELETE` (default 204; 200 when it answers the whole). */
  deletedStatus?: 200 | 204;
  /**
   * The write body that changes nothing, made of the body a read answered; undefined when no
   * write leaves that state as it is (a part that is not there yet). Default: the read body cut
   * down to the fields (at any depth) that the write operation's request body declares in the
   * served OpenAPI document, so read-only fields (id, timestamps, ...) are left out.
   */
  sameBody?(read: Record<string, unknown>): object | undefined;
}

const STRONG_TAG = /^"[\x21\x23-\x7e]+"$/;

/**
 * The `it` cases every editable resource passes: `ETag` on reads, creates and writes;
 * `If-Match` writes only the version it names (412 PRECONDITION_FAILED with the current
 * version otherwise, nothing written), `*` matches any existing version, weak tags none,
 * malformed ones answer 400; writes without `If-Match` behave as before; of concurrent writes
 * naming one version exactly one succeeds; someone else's resource answers as before without
 * revealing its version. `subject` is called inside each case (after `beforeAll`).
 */
export function entityTagContract(subject: () => EntityTagSubject): void {
  const write = (s: EntityTagSubject, url: string, headers: Record<string, string>, n: number) =>
    s.http[s.method ?? 'put'](s.writeUrl ? s.writeUrl(url) : url)
      .set(headers)
      .send(s.change(n));
  const read = (s: EntityTagSubject, url: string, headers = s.owner) =>
    s.http.get(url).set(headers);
  const remove = (s: EntityTagSubject, url: string, headers: Record<string, string>) =>
    s.http.delete(s.deleteUrl ? s.deleteUrl(url) : url).set(headers);

  it('answers a strong ETag on create and read, and the new one on a write', async () => {
    const s = subject();
    const { url, created } = await s.create();
    const first = await read(s, url);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(STRONG_TAG);
    if (created) expect(created.headers.etag).toBe(first.headers.etag);
    const again = await read(s, url);
    expect(again.headers.etag).toBe(first.headers.etag);

    const written = await write(s, url, { ...s.owner, 'If-Match': first.headers.etag }, 1);
    expect(written.status).toBe(200);
    expect(written.headers.etag).toMatch(STRONG_TAG);
    expect(written.headers.etag).not.toBe(first.headers.etag);
    expect((await read(s, url)).headers.etag).toBe(written.headers.etag);
  });

  it('keeps the version and the ETag when a write of what was read changes nothing', async () => {
    const s = subject();
    const { url } = await s.create();
    const target = s.writeUrl ? s.writeUrl(url) : url;
    const method = s.method ?? 'put';
    const unchanged = async (ifMatch: boolean): Promise<boolean> => {
      const before = await read(s, url);
      expect(before.status).toBe(200);
      const version = await currentRowVersion(s.db, s.row(url));
      const body = s.sameBody
        ? s.sameBody(before.body)
        : await writableBody(s.http, method, target, before.body);
      if (body === undefined) return false;
      const headers = ifMatch ? { ...s.owner, 'If-Match': before.headers.etag } : s.owner;
      const written = await s.http[method](target).set(headers).send(body);
      expect({ status: written.status, body: written.body }).toMatchObject({ status: 200 });
      expect(written.headers.etag).toBe(before.headers.etag);
      const after = await read(s, url);
      expect(after.headers.etag).toBe(before.headers.etag);
      expect(after.body).toEqual(before.body);
      expect(await currentRowVersion(s.db, s.row(url))).toBe(version);
      return true;
    };
    // As created (when a write can leave that state), then as written by a change; with and
    // without If-Match.
    await unchanged(true);
    await unchanged(false);
    expect((await write(s, url, s.owner, 1)).status).toBe(200);
    expect(await unchanged(true)).toBe(true);
    expect(await unchanged(false)).toBe(true);
  });

  it('refuses a write naming an old version with 412 and the current one, writing nothing', async () => {
    const s = subject();
    const { url } = await s.create();
    const stale = (await read(s, url)).headers.etag as string;
    const moved = await write(s, url, s.owner, 1);
    expect(moved.status).toBe(200);
    const before = await s.stored(url);
    const current = (await read(s, url)).headers.etag as string;

    const refused = await write(s, url, { ...s.owner, 'If-Match': stale }, 2);
    expect(refused.status).toBe(412);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: current });
    expect(refused.headers.etag).toBe(current);
    expect(await s.stored(url)).toEqual(before);

    const weak = await write(s, url, { ...s.owner, 'If-Match': `W/${current}` }, 2);
    expect(weak.status).toBe(412);
    const malformed = await write(s, url, { ...s.owner, 'If-Match': current.slice(1) }, 2);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    expect(await s.stored(url)).toEqual(before);

    const listed = await write(s, url, { ...s.owner, 'If-Match': `${stale}, ${current}` }, 3);
    expect(listed.status).toBe(200);
    const any = await write(s, url, { ...s.owner, 'If-Match': '*' }, 4);
    expect(any.status).toBe(200);
  });

  it('writes as before without If-Match', async () => {
    const s = subject();
    const { url } = await s.create();
    const etag = (await read(s, url)).headers.etag as string;
    const before = await s.stored(url);
    expect((await write(s, url, s.owner, 1)).status).toBe(200);
    expect(await s.stored(url)).not.toEqual(before);
    expect((await write(s, url, s.owner, 2)).status).toBe(200);
    expect((await read(s, url)).headers.etag).not.toBe(etag);
  });

  it('lets exactly one of concurrent writes naming the same version succeed', async () => {
    const s = subject();
    const { url } = await s.create();
    const etag = (await read(s, url)).headers.etag as string;
    // The row is locked while the writes arrive, so each one has read the version and checked
    // it before any writes: only a check made atomically with the write can refuse the others.
    const statuses = await whileRowLocked(s.db, s.row(url), WRITERS, () =>
      statusesOfConcurrent(WRITERS, (i) => write(s, url, { ...s.owner, 'If-Match': etag }, 10 + i)),
    );
    expect(statuses).toEqual({ 200: 1, 412: WRITERS - 1 });
  });

  it('answers a stranger as without If-Match, revealing no version', async () => {
    const s = subject();
    const { url } = await s.create();
    const etag = (await read(s, url)).headers.etag as string;
    const before = await s.stored(url);
    const attempts = [
      ...(s.strangerReads ? [] : [await read(s, url, s.stranger)]),
      await write(s, url, { ...s.stranger, 'If-Match': '"0"' }, 1),
      await write(s, url, { ...s.stranger, 'If-Match': etag }, 1),
      ...(s.deletable === false
        ? []
        : [await remove(s, url, { ...s.stranger, 'If-Match': '"0"' })]),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(s.strangerStatus);
      // Express may tag the problem body itself (a weak tag); never with the resource's version.
      expect(res.headers.etag ?? '').not.toMatch(STRONG_TAG);
      expect(res.body.current_etag).toBeUndefined();
    }
    expect(await s.stored(url)).toEqual(before);
  });

  it('deletes only the version If-Match names', async () => {
    const s = subject();
    if (s.deletable === false) return;
    const { url } = await s.create();
    const stale = (await read(s, url)).headers.etag as string;
    expect((await write(s, url, s.owner, 1)).status).toBe(200);
    const current = (await read(s, url)).headers.etag as string;

    const refused = await remove(s, url, { ...s.owner, 'If-Match': stale });
    expect(refused.status).toBe(412);
    expect(refused.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: current });
    expect(await s.stored(url)).not.toBeNull();

    const deleted = await remove(s, url, { ...s.owner, 'If-Match': current });
    expect(deleted.status).toBe(s.deletedStatus ?? 204);
    expect(await s.stored(url)).toBeNull();
    const gone = await remove(s, url, { ...s.owner, 'If-Match': '*' });
    expect(gone.status).toBe(404);
  });
}

/** Concurrent writers of the race test (fewer than the services' pool of 10 connections). */
const WRITERS = 4;

/**
 * Runs `send` while another transaction holds the row's lock, and releases it once `waiters`
 * statements of the database wait for a lock (the writes have got as far as writing).
 */
async function whileRowLocked<T>(
  db: TestDb,
  key: RowKey,
  waiters: number,
  send: () => Promise<T>,
): Promise<T> {
  let sent: Promise<T> | undefined;
  await db.transaction(async (locking) => {
    const params: unknown[] = [];
    const where = Object.entries(key.where)
      .map(([column, value]) => `${column} = $${params.push(value)}`)
      .join(' AND ');
    const locked = await locking.query(
      `SELECT 1 FROM ${key.table} WHERE ${where} FOR UPDATE`,
      params,
    );
    expect(locked).toHaveLength(1);
    sent = send();
    await waitFor(
      async () => {
        const [{ waiting }] = await db.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return waiting >= waiters;
      },
      { message: `${waiters} writes waiting for the locked row` },
    );
  });
  return await sent!;
}
