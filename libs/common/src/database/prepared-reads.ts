import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Queryable } from './paged-rows';
import { preparedRows } from './prepared-statement';

/**
 * The name a read statement is prepared under: derived from its text, so one text has one name
 * on every connection and two texts never share one (pg refuses a name reused for another text).
 */
export function preparedStatementName(sql: string): string {
  return `r_${createHash('sha1').update(sql).digest('base64url')}`;
}

/**
 * The hot read paths' statements (lists, details, the data layer's series): run on a connection
 * of the DataSource's pg Pool as named prepared statements, so PostgreSQL parses and plans a
 * statement once per connection instead of on every request, and the rows come back without
 * TypeORM's query runner around them. Reads only: writes and transactions stay on TypeORM.
 * Answers the rows, as `DataSource#query` does for a SELECT.
 */
@Injectable()
export class PreparedReads implements Queryable {
  /** Statement names by text: the texts are a handful per repository, built by its code. */
  private readonly names = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    let name = this.names.get(sql);
    if (name === undefined) this.names.set(sql, (name = preparedStatementName(sql)));
    return (await preparedRows(this.dataSource, { name, text: sql }, params)) as Row[];
  }
}
