import { cloneTestDatabase, TestDatabase } from '@sports/common/testing';
import { DataSource } from 'typeorm';
import { IntegrityRules1778198406000 } from './1778198406000-integrity-rules';

describe('migration IntegrityRules1778198406000', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const onDelete = async (table: string, column: string): Promise<string> =>
    (
      await db.query(
        `SELECT c.confdeltype AS action FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         WHERE c.contype = 'f' AND c.conrelid = $1::regclass AND a.attname = $2`,
        [table, column],
      )
    )[0].action;
  const triggers = async (): Promise<number> =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM pg_trigger
         WHERE tgname IN ('framework_programs_catalog_ids_exist',
           'training_types_not_in_framework_programs', 'target_groups_not_in_framework_programs')`,
      )
    )[0].n;

  it('goes down to the earlier delete actions and up again', async () => {
    const migration = new IntegrityRules1778198406000();
    const runner = db.createQueryRunner();
    try {
      expect(await onDelete('framework_programs', 'focus_area_id')).toBe('r');
      expect(await onDelete('maturity_model_skills', 'skill_id')).toBe('r');
      expect(await triggers()).toBe(3);
      await migration.down(runner);
      expect(await onDelete('framework_programs', 'focus_area_id')).toBe('n');
      expect(await onDelete('maturity_model_skills', 'skill_id')).toBe('c');
      expect(await triggers()).toBe(0);
      await migration.up(runner);
      expect(await onDelete('framework_programs', 'focus_area_id')).toBe('r');
      expect(await triggers()).toBe(3);
    } finally {
      await runner.release();
    }
  });

  it('drops ids that dangle in framework program arrays on the way up', async () => {
    const migration = new IntegrityRules1778198406000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      const [{ id: type }] = await db.query(
        `SELECT id FROM training_types WHERE slug = 'spielform'`,
      );
      const gone = '00000000-0000-4000-8000-000000000001';
      const [{ id }] = await db.query(
        `INSERT INTO framework_programs (name, training_type_ids, target_group_ids)
         VALUES ('Alt', ARRAY[$1, $2]::uuid[], ARRAY[$2]::uuid[]) RETURNING id`,
        [gone, type],
      );
      await migration.up(runner);
      const [row] = await db.query(
        'SELECT training_type_ids, target_group_ids FROM framework_programs WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ training_type_ids: [type], target_group_ids: [] });
    } finally {
      await runner.release();
    }
  });
});
