import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { preparedRows, type PreparedStatement } from '../database/prepared-statement';
import { UnauthenticatedError } from '../errors';

interface RefreshTokenRow {
  id: string;
  subject_id: string;
  family_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The session: every token rotated from this one keeps it. */
  familyId: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token of a family ($1 subject, $2 family, $3 token hash, $4 expiry). */
const INSERT_TOKEN: PreparedStatement = {
  name: 'refresh_tokens.insert',
  text: `INSERT INTO refresh_tokens (subject_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`,
};

/**
 * Opaque refresh tokens in the service's `refresh_tokens` table. Only their SHA-256 is
 * stored (they carry 256 random bits, so a slow hash adds nothing). Every use rotates the
 * token; presenting a token that was already rotated revokes its whole family, because
 * it means the token leaked (OAuth 2.0 Security BCP, refresh token rotation).
 */
@Injectable()
export class RefreshTokenStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A new token of `familyId` (a new session without it). Within `manager`'s transaction when
   * given (a rotation); otherwise, at sign-in, as a prepared statement on the pool: one round
   * trip without a query runner.
   */
  async issue(
    subjectId: string,
    ttlDays: number,
    familyId: string = randomUUID(),
    manager?: EntityManager,
  ): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
    const values = [subjectId, familyId, hashToken(token), expiresAt];
    if (manager) await manager.query(INSERT_TOKEN.text, values);
    else await preparedRows(this.dataSource, INSERT_TOKEN, values);
    return { token, expiresAt, familyId };
  }

  /** Consumes `token` and returns its subject with a new token of the same family. */
  async rotate(
    token: string,
    ttlDays: number,
  ): Promise<{ subjectId: string } & IssuedRefreshToken> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const rows: RefreshTokenRow[] = await manager.query(
        `SELECT id, subject_id, family_id, expires_at, revoked_at FROM refresh_tokens
          WHERE token_hash = $1 FOR UPDATE`,
        [hashToken(token)],
      );
      const row = rows[0];
      if (!row) return { kind: 'unknown' as const };
      if (row.revoked_at) {
        await manager.query(
          `UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`,
          [row.family_id],
        );
        return { kind: 'reused' as const };
      }
      if (row.expires_at.getTime() <= Date.now()) return { kind: 'expired' as const };
      await manager.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE id = $1`, [row.id]);
      const next = await this.issue(row.subject_id, ttlDays, row.family_id, manager);
      return { kind: 'rotated' as const, subjectId: row.subject_id, ...next };
    });
    if (outcome.kind !== 'rotated') {
      throw new UnauthenticatedError(
        outcome.kind === 'expired'
          ? 'The refresh token has expired; sign in again.'
          : 'The refresh token is not valid; sign in again.',
      );
    }
    return outcome;
  }

  /** Ends the session the token belongs to. Unknown tokens are ignored (logout is idempotent). */
  async revokeFamilyOf(token: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE revoked_at IS NULL
          AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
      [hashToken(token)],
    );
  }

  /** Ends every session of `subjectId`, or every one but `exceptFamilyId`. */
  async revokeAllOf(
    subjectId: string,
    manager: EntityManager = this.dataSource.manager,
    exceptFamilyId?: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE subject_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
      [subjectId, exceptFamilyId ?? null],
    );
  }
}
