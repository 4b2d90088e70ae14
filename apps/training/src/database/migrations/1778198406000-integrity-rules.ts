import { MigrationInterface, QueryRunner } from 'typeorm';

/** Foreign keys to catalog entries whose ON DELETE action becomes RESTRICT: [table, column, target, before]. */
const RESTRICTED: [string, string, string, 'SET NULL' | 'CASCADE'][] = [
  ['framework_programs', 'focus_area_id', 'focus_areas', 'SET NULL'],
  ['framework_programs', 'style_direction_id', 'style_directions', 'SET NULL'],
  ['trainer_contexts', 'focus_area_id', 'focus_areas', 'SET NULL'],
  ['trainer_contexts', 'style_direction_id', 'style_directions', 'SET NULL'],
  ['trainer_contexts', 'training_style_id', 'training_styles', 'SET NULL'],
  ['trainer_contexts', 'target_group_id', 'target_groups', 'SET NULL'],
  ['maturity_model_bindings', 'focus_area_id', 'focus_areas', 'CASCADE'],
  ['maturity_model_bindings', 'style_direction_id', 'style_directions', 'CASCADE'],
  ['maturity_model_bindings', 'training_style_id', 'training_styles', 'CASCADE'],
  ['maturity_model_bindings', 'training_type_id', 'training_types', 'CASCADE'],
  ['maturity_model_focus_areas', 'focus_area_id', 'focus_areas', 'CASCADE'],
  ['maturity_model_skills', 'skill_id', 'skills', 'CASCADE'],
  ['style_direction_target_groups', 'style_direction_id', 'style_directions', 'CASCADE'],
  ['style_direction_target_groups', 'target_group_id', 'target_groups', 'CASCADE'],
];

/** Arrays of catalog ids on framework programs: [column, catalog table]. */
const ID_ARRAYS: [string, string][] = [
  ['training_type_ids', 'training_types'],
  ['target_group_ids', 'target_groups'],
];

/**
 * Integrity rules the service promised but the schema did not hold (issue 16):
 *
 * - A catalog entry (or skill) that is still referenced cannot be deleted: every foreign key to
 *   a catalog becomes ON DELETE RESTRICT (PostgreSQL 18 reports that as 23001, 15 as 23503).
 * - The id arrays of framework programs (no foreign key possible) get the same rule from
 *   triggers: a written id must exist (it is locked FOR KEY SHARE, as a foreign key would),
 *   and deleting a catalog entry named in an array raises foreign_key_violation. Ids that
 *   already dangle are removed first.
 * - An index on the owner of media assets for the storage quota.
 */
export class IntegrityRules1778198406000 implements MigrationInterface {
  name = 'IntegrityRules1778198406000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, column, target] of RESTRICTED) {
      await setOnDelete(q, table, column, target, 'RESTRICT');
    }

    for (const [column, catalog] of ID_ARRAYS) {
      await q.query(`
        UPDATE framework_programs p SET ${column} = ARRAY(
          SELECT x.id FROM unnest(p.${column}) WITH ORDINALITY AS x(id, ord)
          WHERE EXISTS (SELECT 1 FROM ${catalog} c WHERE c.id = x.id) ORDER BY x.ord)
        WHERE NOT p.${column} <@ ARRAY(SELECT id FROM ${catalog})`);
      await q.query(
        `CREATE INDEX framework_programs_${column}_idx ON framework_programs USING gin (${column})`,
      );
      await q.query(`
        CREATE FUNCTION ${catalog}_not_in_framework_programs() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM framework_programs WHERE ${column} @> ARRAY[OLD.id]) THEN
            RAISE EXCEPTION 'update or delete on table "${catalog}" violates the reference from "framework_programs".${column}'
              USING ERRCODE = 'foreign_key_violation', TABLE = 'framework_programs',
                    CONSTRAINT = 'framework_programs_${column}_fkey';
          END IF;
          RETURN OLD;
        END $$`);
      await q.query(`
        CREATE TRIGGER ${catalog}_not_in_framework_programs BEFORE DELETE ON ${catalog}
        FOR EACH ROW EXECUTE FUNCTION ${catalog}_not_in_framework_programs()`);
    }
    await q.query(`
      CREATE FUNCTION framework_programs_catalog_ids_exist() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        found int;
      BEGIN
        ${ID_ARRAYS.map(
          ([column, catalog]) => `
        PERFORM 1 FROM ${catalog} WHERE id = ANY(NEW.${column}) FOR KEY SHARE;
        GET DIAGNOSTICS found = ROW_COUNT;
        IF found < (SELECT count(DISTINCT x) FROM unnest(NEW.${column}) x) THEN
          RAISE EXCEPTION 'insert or update on table "framework_programs" violates the reference of ${column} to "${catalog}"'
            USING ERRCODE = 'foreign_key_violation', TABLE = 'framework_programs',
                  CONSTRAINT = 'framework_programs_${column}_fkey';
        END IF;`,
        ).join('')}
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER framework_programs_catalog_ids_exist
      BEFORE INSERT OR UPDATE OF ${ID_ARRAYS.map(([c]) => c).join(', ')} ON framework_programs
      FOR EACH ROW EXECUTE FUNCTION framework_programs_catalog_ids_exist()`);

    await q.query(`CREATE INDEX media_assets_owner_idx ON media_assets (owner_profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_assets_owner_idx`);
    await q.query(`DROP TRIGGER framework_programs_catalog_ids_exist ON framework_programs`);
    await q.query(`DROP FUNCTION framework_programs_catalog_ids_exist()`);
    for (const [column, catalog] of ID_ARRAYS) {
      await q.query(`DROP TRIGGER ${catalog}_not_in_framework_programs ON ${catalog}`);
      await q.query(`DROP FUNCTION ${catalog}_not_in_framework_programs()`);
      await q.query(`DROP INDEX framework_programs_${column}_idx`);
    }
    for (const [table, column, target, before] of RESTRICTED) {
      await setOnDelete(q, table, column, target, before);
    }
  }
}

async function setOnDelete(
  q: QueryRunner,
  table: string,
  column: string,
  target: string,
  action: 'RESTRICT' | 'SET NULL' | 'CASCADE',
): Promise<void> {
  const name = `${table}_${column}_fkey`;
  await q.query(`
    ALTER TABLE ${table} DROP CONSTRAINT ${name},
      ADD CONSTRAINT ${name} FOREIGN KEY (${column}) REFERENCES ${target}(id) ON DELETE ${action}`);
}
