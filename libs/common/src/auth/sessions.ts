/**
 * The SQL condition of a resolver's account query that holds when the access token's session
 * is live: a refresh token of that family, of that account, neither revoked nor expired (index
 * refresh_tokens_family_idx). A NULL session (the refresh flow, which checks its token itself)
 * passes. `sessionParam` is the placeholder of the session id, e.g. `$2`.
 */
export function liveSessionSql(accountIdColumn: string, sessionParam: string): string {
  return `(${sessionParam}::uuid IS NULL OR EXISTS (
    SELECT 1 FROM refresh_tokens s
     WHERE s.family_id = ${sessionParam}::uuid AND s.subject_id = ${accountIdColumn}
       AND s.revoked_at IS NULL AND s.expires_at > now()))`;
}
