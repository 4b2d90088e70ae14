import type { TestDb } from '@sports/common/testing';
import type { ClubMemberRole } from '../tenant-context/club-member-role';

/** Test setup: a club with members, written straight to the database. */
export async function insertClub(
  db: Pick<TestDb, 'query'>,
  name: string,
  members: { profileId: string; roles: ClubMemberRole[] }[] = [],
  options: { isListed?: boolean } = {},
): Promise<string> {
  const [{ id }]: { id: string }[] = await db.query(
    'INSERT INTO clubs (name, is_listed, primary_admin_profile_id) VALUES ($1, $2, $3) RETURNING id',
    [
      name,
      options.isListed ?? true,
      members.find((m) => m.roles.includes('club_admin'))?.profileId ?? null,
    ],
  );
  for (const m of members) await insertMember(db, id, m.profileId, m.roles);
  return id;
}

export async function insertMember(
  db: Pick<TestDb, 'query'>,
  clubId: string,
  profileId: string,
  roles: ClubMemberRole[],
): Promise<string> {
  const [{ id }]: { id: string }[] = await db.query(
    'INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, $3::text[]) RETURNING id',
    [clubId, profileId, roles],
  );
  return id;
}

export async function countRows(db: Pick<TestDb, 'query'>, table: string): Promise<number> {
  const rows: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}
