import { liveSessionSql, PreparedStatement, preparedRows } from '@sports/common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CallerColumns, CallerColumnValues } from './caller-columns';
import type { ClubMemberRole } from './club-member-role';

/** A club the caller belongs to, with the club's name and the caller's roles there. */
export interface CallerMembership {
  clubId: string;
  clubName: string;
  roles: ClubMemberRole[];
}

/** What every authenticated request needs of its caller, read in one query. */
export interface CallerState {
  id: string;
  email: string;
  role: string;
  activeClubId: string | null;
  /** Oldest membership first. */
  memberships: CallerMembership[];
  /** The route's `CallerColumns`, when it asked for some. */
  columns?: CallerColumnValues;
}

/** The row of `callerStatement`: the caller's state, then the route's columns if any. */
type CallerRow = Omit<CallerState, 'columns'> & Record<string, unknown>;

/**
 * The statement behind `findCaller` ($1 profile id, $2 session id or null): account, active club
 * and memberships in one row, plus the route's `columns` (exported for the benchmark's bare-SQL
 * baseline). Prepared under a name per `columns.key`.
 */
export function callerStatement(columns?: CallerColumns): PreparedStatement {
  const name = columns ? `tenant_context.caller.${columns.key}` : 'tenant_context.caller';
  let statement = statements.get(name);
  if (!statement) {
    statement = {
      name,
      text: `SELECT p.id, p.email, p.role, p.active_club_id AS "activeClubId",
         coalesce((SELECT json_agg(json_build_object('clubId', m.club_id, 'clubName', c.name,
                     'roles', m.roles) ORDER BY m.created_at, m.id)
                   FROM club_members m JOIN clubs c ON c.id = m.club_id
                   WHERE m.profile_id = p.id), '[]'::json) AS memberships${columns ? `, ${columns.select}` : ''}
       FROM profiles p WHERE p.id = $1 AND ${liveSessionSql('p.id', '$2')}`,
    };
    statements.set(name, statement);
  }
  return statement;
}

const statements = new Map<string, PreparedStatement>();

/**
 * The tenant context's own reads: the caller's account with its clubs (once per request) and
 * the existence of a club. Reads only; the profiles and club-memberships modules own the rows.
 */
@Injectable()
export class TenantContextRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Role, active club and club memberships of a profile (null when it no longer exists), with
   * `columns` of its row when given. With `sessionId`: only while that session of the profile is
   * live.
   */
  async findCaller(
    id: string,
    sessionId?: string,
    columns?: CallerColumns,
  ): Promise<CallerState | null> {
    const [row] = await preparedRows<CallerRow>(this.dataSource, callerStatement(columns), [
      id,
      sessionId ?? null,
    ]);
    if (!row) return null;
    if (!columns) return row;
    const { id: profileId, email, role, activeClubId, memberships, ...values } = row;
    return {
      id: profileId,
      email,
      role,
      activeClubId,
      memberships,
      columns: { key: columns.key, values },
    };
  }

  async clubExists(clubId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM clubs WHERE id = $1', [
      clubId,
    ]);
    return rows.length > 0;
  }

  async isMember(profileId: string, clubId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM club_members WHERE profile_id = $1 AND club_id = $2',
      [profileId, clubId],
    );
    return rows.length > 0;
  }
}
