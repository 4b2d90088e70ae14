// The service's hot reads run as named prepared statements (PreparedReads, libs/common): parsed
// and planned once per connection. The bare-SQL baselines and floors run their statements the
// same way, so that a ratio compares the service with the same database work.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './harness.mjs';

const require = createRequire(import.meta.url);
const { preparedStatementName } = require(
  path.join(ROOT, 'libs', 'common', 'dist', 'database', 'prepared-reads.js'),
);

/** Runs `sql` on `pool` as the named prepared statement the service would use for it. */
export const preparedQuery = (pool, sql, params) =>
  pool.query({ name: preparedStatementName(sql), text: sql, values: params });

/** What the data layer's repository queries through, over `pool` (its rows, as the service's). */
export const preparedReads = (pool) => ({
  query: (sql, params) => preparedQuery(pool, sql, params).then((r) => r.rows),
});
