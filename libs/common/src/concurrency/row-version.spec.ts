import { Client } from 'pg';
import { NotFoundError, PreconditionFailedError } from '../errors/domain-error';
import type { Queryable } from '../database/paged-rows';
import { IfMatch } from './entity-tag';
import {
  currentRowVersion,
  deleteVersioned,
  rowVersionColumn,
  updateVersioned,
  type VersionedTable,
  writeIfChanged,
  writeVersionedRow,
} from './row-version';

interface NoteRow {
  key: string;
  body: string;
  touched: boolean;
  row_version: string;
}

const NOTES: VersionedTable = {
  table: 'notes',
  key: 'key',
  notFound: (key) => new NotFoundError('Note', key),
  stamp: 'updated_at',
};
const RETURNING = `key, body, updated_at > created_at AS touched, ${rowVersionColumn()}`;

/** `updateVersioned` and `deleteVersioned` against a real PostgreSQL table. */
describe('versioned writes', () => {
  let client: Client;
  let db: Queryable;
  let n = 0;

  beforeAll(async () => {
    const url = process.env.TEST_DB_SERVER_URL;
    if (!url) throw new Error('the database harness did not run');
    client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE TEMP TABLE notes (
      key text PRIMARY KEY, body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    // now(): one value for both columns of an insert (two clock_timestamp() calls may differ
    // by a microsecond, and the note would look touched without any update).
    db = { query: async (sql, params) => (await client.query(sql, params)).rows };
  });
  afterAll(() => client.end());

  const newNote = async (): Promise<{ key: string; version: string }> => {
    const key = `note-${++n}`;
    await client.query(`INSERT INTO notes (key, body) VALUES ($1, 'first')`, [key]);
    return { key, version: (await currentRowVersion(db, { table: 'notes', where: { key } }))! };
  };
  const bodyOf = async (key: string): Promise<string | null> =>
    (await client.query('SELECT body FROM notes WHERE key = $1', [key])).rows[0]?.body ?? null;
  const update = (key: string, body: string, ifMatch?: IfMatch) =>
    updateVersioned<NoteRow>(db, NOTES, key, { body }, { returning: RETURNING, ifMatch });

  it('updates the columns given and the stamp, answering the row with its new version', async () => {
    const { key, version } = await newNote();
    const row = await update(key, 'second');
    expect(row).toMatchObject({ key, body: 'second', touched: true });
    expect(row.row_version).not.toBe(version);
    expect(await bodyOf(key)).toBe('second');
  });

  it('updates only the version If-Match names: 412 with the current one otherwise', async () => {
    const { key, version } = await newNote();
    const moved = await update(key, 'second');
    const refused = update(key, 'third', IfMatch.of([version]));
    await expect(refused).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(refused).rejects.toMatchObject({
      extensions: { current_etag: `"${moved.row_version}"` },
    });
    expect(await bodyOf(key)).toBe('second');
    const written = await update(key, 'third', IfMatch.of([version, moved.row_version]));
    expect(written.body).toBe('third');
    expect((await update(key, 'fourth', IfMatch.any())).body).toBe('fourth');
  });

  it('answers notFound for a missing row, with or without If-Match', async () => {
    for (const ifMatch of [undefined, IfMatch.any(), IfMatch.of(['1'])]) {
      await expect(update('none', 'x', ifMatch)).rejects.toBeInstanceOf(NotFoundError);
    }
  });

  it('deletes only the version If-Match names, and as before without it', async () => {
    const { key, version } = await newNote();
    const moved = await update(key, 'second');
    await expect(deleteVersioned(db, NOTES, key, IfMatch.of([version]))).rejects.toBeInstanceOf(
      PreconditionFailedError,
    );
    expect(await bodyOf(key)).toBe('second');
    expect(await deleteVersioned(db, NOTES, key, IfMatch.of([moved.row_version]))).toBe(true);
    expect(await bodyOf(key)).toBeNull();
    await expect(deleteVersioned(db, NOTES, key, IfMatch.any())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await deleteVersioned(db, NOTES, key)).toBe(false);

    const other = await newNote();
    expect(await deleteVersioned(db, NOTES, other.key)).toBe(true);
  });

  it('writes nothing when the values are the stored ones: version and stamp stay', async () => {
    const { key, version } = await newNote();
    for (const ifMatch of [undefined, IfMatch.of([version]), IfMatch.any()]) {
      const row = await update(key, 'first', ifMatch);
      expect(row).toMatchObject({ key, body: 'first', touched: false, row_version: version });
    }
    const written = await writeVersionedRow<NoteRow>(
      db,
      { table: 'notes', where: { key } },
      { set: { body: 'first' }, returning: RETURNING, notFound: () => new Error('gone') },
    );
    expect(written.written).toBe(false);
    expect(await currentRowVersion(db, { table: 'notes', where: { key } })).toBe(version);
  });

  it('still refuses a stale version, and answers notFound, when the values are the stored ones', async () => {
    const { key, version } = await newNote();
    const moved = await update(key, 'second');
    await expect(update(key, 'second', IfMatch.of([version]))).rejects.toMatchObject({
      extensions: { current_etag: `"${moved.row_version}"` },
    });
    await expect(update('none', 'second')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('writes equal values with touch (parts of the resource changed)', async () => {
    const { key, version } = await newNote();
    const row = await updateVersioned<NoteRow>(
      db,
      NOTES,
      key,
      { body: 'first' },
      { returning: RETURNING, touch: true },
    );
    expect(row.touched).toBe(true);
    expect(row.row_version).not.toBe(version);
  });

  it('undoes a write of parts that changed nothing (writeIfChanged)', async () => {
    const { key, version } = await newNote();
    const bodyState = async () => await db.query('SELECT body FROM notes WHERE key = $1', [key]);
    await client.query('BEGIN');
    try {
      const same = await writeIfChanged(db, bodyState, () =>
        db.query(`UPDATE notes SET body = 'first', updated_at = now() WHERE key = $1`, [key]),
      );
      expect(same).toBe(false);
      expect(await currentRowVersion(db, { table: 'notes', where: { key } })).toBe(version);
      const changed = await writeIfChanged(db, bodyState, () =>
        db.query(`UPDATE notes SET body = 'other' WHERE key = $1`, [key]),
      );
      expect(changed).toBe(true);
      await client.query('COMMIT');
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
    expect(await bodyOf(key)).toBe('other');
  });
});
