import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NotFoundError, rowVersionColumn, updateChangedColumns } from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ClubMemberRole } from '../tenant-context/club-member-role';
import { ClubMember } from './club-member.entity';

/** A membership joined with the club's name, for the clubs of profiles (user administration). */
export interface MembershipOfProfile {
  clubId: string;
  clubName: string;
  roles: ClubMemberRole[];
}

/** A membership joined with the member's profile, for member lists. */
export interface MemberRow {
  id: string;
  clubId: string;
  profileId: string;
  name: string;
  email: string;
  roles: ClubMemberRole[];
  createdAt: Date;
  /** The membership row's version (its ETag). */
  rowVersion: string;
}

interface RawMemberRow {
  id: string;
  club_id: string;
  profile_id: string;
  name: string;
  email: string;
  roles: ClubMemberRole[];
  created_at: Date;
  row_version: string;
}

const MEMBER_SELECT = `
  SELECT m.id, m.club_id, m.profile_id, p.name, p.email, m.roles, m.created_at,
         ${rowVersionColumn('m')}
  FROM club_members m JOIN profiles p ON p.id = m.profile_id`;

function toMemberRow(r: RawMemberRow): MemberRow {
  return {
    id: r.id,
    clubId: r.club_id,
    profileId: r.profile_id,
    name: r.name,
    email: r.email,
    roles: r.roles,
    createdAt: r.created_at,
    rowVersion: r.row_version,
  };
}

/** The only place with queries on `club_members`. */
@Injectable()
export class ClubMembershipsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** Oldest membership first, so that "the first membership" is stable. */
  async membershipsOfProfiles(
    profileIds: string[],
  ): Promise<(MembershipOfProfile & { profileId: string })[]> {
    if (!profileIds.length) return [];
    const rows: {
      profile_id: string;
      club_id: string;
      club_name: string;
      roles: ClubMemberRole[];
    }[] = await this.dataSource.query(
      `SELECT m.profile_id, m.club_id, c.name AS club_name, m.roles
         FROM club_members m JOIN clubs c ON c.id = m.club_id
         WHERE m.profile_id = ANY($1::uuid[])
         ORDER BY m.created_at, m.id`,
      [profileIds],
    );
    return rows.map((r) => ({
      profileId: r.profile_id,
      clubId: r.club_id,
      clubName: r.club_name,
      roles: r.roles,
    }));
  }

  /** Whether a club exists (the memberships module answers 404 for unknown clubs). */
  async clubExists(clubId: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await this.m(manager).query('SELECT 1 FROM clubs WHERE id = $1', [
      clubId,
    ]);
    return rows.length > 0;
  }

  async list(
    clubId: string,
    filter: { role?: ClubMemberRole; limit: number; offset: number },
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const params: unknown[] = [clubId];
    let where = 'm.club_id = $1';
    if (filter.role) {
      params.push(filter.role);
      where += ` AND $${params.length} = ANY(m.roles)`;
    }
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM club_members m WHERE ${where}`,
      params,
    );
    const rows: RawMemberRow[] = await this.dataSource.query(
      `${MEMBER_SELECT} WHERE ${where} ORDER BY lower(p.name), m.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { rows: rows.map(toMemberRow), total };
  }

  async findById(
    clubId: string,
    memberId: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<MemberRow | null> {
    const rows: RawMemberRow[] = await this.m(manager).query(
      `${MEMBER_SELECT} WHERE m.club_id = $1 AND m.id = $2${lock ? ' FOR UPDATE OF m' : ''}`,
      [clubId, memberId],
    );
    return rows[0] ? toMemberRow(rows[0]) : null;
  }

  async findByProfile(
    clubId: string,
    profileId: string,
    manager?: EntityManager,
  ): Promise<MemberRow | null> {
    const rows: RawMemberRow[] = await this.m(manager).query(
      `${MEMBER_SELECT} WHERE m.club_id = $1 AND m.profile_id = $2`,
      [clubId, profileId],
    );
    return rows[0] ? toMemberRow(rows[0]) : null;
  }

  /** Inserts a membership, or adds `roles` to an existing one; answers the member's id. */
  async upsert(
    manager: EntityManager,
    clubId: string,
    profileId: string,
    roles: ClubMemberRole[],
  ): Promise<string> {
    // A member who has the roles already is no write: the member keeps its version.
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, $3::text[])
       ON CONFLICT (club_id, profile_id) DO UPDATE
         SET roles = ARRAY(SELECT DISTINCT unnest(club_members.roles || EXCLUDED.roles) ORDER BY 1)
         WHERE NOT club_members.roles @> EXCLUDED.roles
       RETURNING id`,
      [clubId, profileId, roles],
    );
    if (rows[0]) return rows[0].id;
    const [member]: { id: string }[] = await manager.query(
      `SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`,
      [clubId, profileId],
    );
    return member.id;
  }

  async insert(
    manager: EntityManager,
    clubId: string,
    profileId: string,
    roles: ClubMemberRole[],
  ): Promise<string> {
    const repo = manager.getRepository(ClubMember);
    const saved = await repo.save(repo.create({ clubId, profileId, roles }));
    return saved.id;
  }

  async updateRoles(
    manager: EntityManager,
    memberId: string,
    roles: ClubMemberRole[],
  ): Promise<void> {
    // The roles the member has are no write: it keeps its version.
    await updateChangedColumns(
      manager.getRepository(ClubMember),
      { id: memberId },
      { roles },
      () => new NotFoundError('Club member', memberId),
    );
  }

  async delete(manager: EntityManager, memberId: string): Promise<void> {
    await manager.getRepository(ClubMember).delete({ id: memberId });
  }

  /** Locks the club's memberships and counts its club admins (for the last-admin rule). */
  async countClubAdminsLocked(manager: EntityManager, clubId: string): Promise<number> {
    const rows: { roles: ClubMemberRole[] }[] = await manager.query(
      'SELECT roles FROM club_members WHERE club_id = $1 FOR UPDATE',
      [clubId],
    );
    return rows.filter((r) => r.roles.includes('club_admin')).length;
  }

  async countByClub(clubIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!clubIds.length) return out;
    const rows: { club_id: string; n: number }[] = await this.dataSource.query(
      `SELECT club_id, count(*)::int AS n FROM club_members WHERE club_id = ANY($1::uuid[]) GROUP BY club_id`,
      [clubIds],
    );
    for (const r of rows) out.set(r.club_id, r.n);
    return out;
  }

  /** Members of `clubId` among `profileIds`, with their roles. */
  async rolesOfProfiles(
    clubId: string,
    profileIds: string[],
  ): Promise<Map<string, ClubMemberRole[]>> {
    const out = new Map<string, ClubMemberRole[]>();
    if (!profileIds.length) return out;
    const rows: { profile_id: string; roles: ClubMemberRole[] }[] = await this.dataSource.query(
      'SELECT profile_id, roles FROM club_members WHERE club_id = $1 AND profile_id = ANY($2::uuid[])',
      [clubId, profileIds],
    );
    for (const r of rows) out.set(r.profile_id, r.roles);
    return out;
  }
}
