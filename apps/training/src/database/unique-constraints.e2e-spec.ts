import { cloneTestDatabase, TestDatabase } from '@sports/common/testing';
import { Client } from 'pg';
import { CATALOG_CONFLICTS } from '../modules/catalogs/catalogs.constraints';
import { CLUB_JOIN_REQUEST_CONFLICTS } from '../modules/club-join-requests/club-join-requests.constraints';
import { CLUB_MEMBERSHIP_CONFLICTS } from '../modules/club-memberships/club-memberships.constraints';
import { EXERCISE_SEARCH_CONFLICTS } from '../modules/exercises/exercise-searches.constraints';
import { IMPORT_WIKI_CONFLICTS } from '../modules/import-wiki/import-wiki.constraints';
import { MATURITY_MODEL_CONFLICTS } from '../modules/maturity-models/maturity-models.constraints';
import { MEDIA_ASSET_CONFLICTS } from '../modules/media-assets/media-assets.constraints';
import { METHOD_CONFLICTS } from '../modules/methods/methods.constraints';
import { PROGRESSION_GRAPH_CONFLICTS } from '../modules/planning/progression-graphs/progression-graphs.constraints';
import { TRAINER_CONTEXT_CONFLICTS } from '../modules/planning/trainer-contexts/trainer-contexts.constraints';
import { PROFILE_CONFLICTS } from '../modules/profiles/profiles.constraints';
import { SKILL_CONFLICTS } from '../modules/skills/skills.constraints';

/** Every module's table of unique constraints that a request may hit, and their 409s. */
const MAPPED = {
  ...CATALOG_CONFLICTS,
  ...CLUB_JOIN_REQUEST_CONFLICTS,
  ...CLUB_MEMBERSHIP_CONFLICTS,
  ...EXERCISE_SEARCH_CONFLICTS,
  ...IMPORT_WIKI_CONFLICTS,
  ...MATURITY_MODEL_CONFLICTS,
  ...MEDIA_ASSET_CONFLICTS,
  ...METHOD_CONFLICTS,
  ...PROGRESSION_GRAPH_CONFLICTS,
  ...TRAINER_CONTEXT_CONFLICTS,
  ...PROFILE_CONFLICTS,
  ...SKILL_CONFLICTS,
};

/** Unique constraints no request can violate, and why (each reason is what the code does). */
const ABSORBED: Record<string, string> = {
  calendar_feeds_one_per_scope: 'inserted ON CONFLICT DO NOTHING; the existing feed answers 409',
  calendar_feeds_token_hash_key: 'a feed token carries 256 random bits',
  refresh_tokens_token_hash_key: 'a token carries 256 random bits',
  exercise_age_groups_pkey:
    'links are replaced under the exercise row lock, ON CONFLICT DO NOTHING',
  exercise_focus_areas_pkey:
    'links are replaced under the exercise row lock, ON CONFLICT DO NOTHING',
  exercise_target_groups_pkey:
    'links are replaced under the exercise row lock, ON CONFLICT DO NOTHING',
  exercise_training_styles_pkey:
    'links are replaced under the exercise row lock, ON CONFLICT DO NOTHING',
  exercise_skills_pkey: 'skills are replaced under the exercise row lock, ON CONFLICT DO NOTHING',
  exercise_media_asset_key: 'linking is ON CONFLICT DO NOTHING under the exercise row lock',
  media_asset_renditions_pkey:
    'written by the rendition job only, replaced under the asset row lock (no request writes them)',
  media_asset_renditions_storage_key_key: 'keyed by the asset id and variant, one row per key',
  maturity_model_focus_areas_pkey:
    'replaced under the model row lock, ON CONFLICT DO NOTHING; imports check duplicates',
  maturity_model_levels_pkey:
    'replaced under the model row lock; levels listed twice answer 422 (API and import)',
  maturity_model_skills_pkey: 'ON CONFLICT DO UPDATE; imports check duplicates',
  maturity_skill_level_descriptions_pkey: 'ON CONFLICT DO UPDATE; imports check duplicates',
  platform_settings_pkey: 'written with ON CONFLICT DO UPDATE',
  training_program_units_pkey:
    'replaced under the program row lock, ON CONFLICT DO NOTHING; units listed twice answer 422',
  training_unit_media_pkey: 'replaced under the unit row lock, ON CONFLICT DO NOTHING',
  training_units_framework_slot_id_key: 'each blueprint is inserted with its new slot',
  wiki_import_pages_pkey: 'written with ON CONFLICT DO UPDATE',
  wiki_import_job_pages_pkey:
    'written with ON CONFLICT DO NOTHING (a page counted once per import)',
};

describe('unique constraints of the training database', () => {
  let database: TestDatabase;
  let names: string[];

  beforeAll(async () => {
    database = await cloneTestDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    // Unique indexes except primary keys on a generated `id` and the migrations table.
    const { rows } = await client.query<{ name: string }>(`
      SELECT ci.relname AS name
      FROM pg_index i
      JOIN pg_class ci ON ci.oid = i.indexrelid
      JOIN pg_class ct ON ct.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = ct.relnamespace
      WHERE i.indisunique AND n.nspname = 'public' AND ct.relname <> 'migrations'
        AND NOT (i.indisprimary AND i.indnatts = 1 AND EXISTS (
          SELECT 1 FROM pg_attribute a WHERE a.attrelid = ct.oid AND a.attnum = i.indkey[0]
            AND a.attname = 'id' AND (a.atthasdef OR a.attidentity <> '')))
      ORDER BY 1`);
    names = rows.map((r) => r.name);
    await client.end();
  });
  afterAll(() => database.drop());

  it('maps every unique constraint a request can hit to a 409 of its module, or says why none can be hit', () => {
    const unaccounted = names.filter((n) => !(n in MAPPED) && !(n in ABSORBED));
    expect(unaccounted).toEqual([]);
  });

  it('names no constraint that does not exist', () => {
    const stale = [...Object.keys(MAPPED), ...Object.keys(ABSORBED)].filter(
      (n) => !names.includes(n),
    );
    expect(stale).toEqual([]);
  });

  it('answers 409 with a code for each mapped constraint', async () => {
    for (const [name, conflict] of Object.entries(MAPPED)) {
      const error = await conflict();
      expect({ name, status: error.status, code: error.code }).toEqual({
        name,
        status: 409,
        code: expect.stringMatching(/^[A-Z][A-Z_]+$/),
      });
      expect(error.code).not.toBe('CONFLICT');
    }
  });
});
