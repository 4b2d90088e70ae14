import type { Type as ClassRef } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `limit` of a list unless the route says otherwise (../shared/spec/decisions.md, "Lists"). */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;
/**
 * Deepest `offset` accepted. PostgreSQL reads and discards every skipped row, so a page a
 * million rows down already costs a scan of a million rows; lists that long are narrowed with
 * their filters instead.
 */
export const PAGE_OFFSET_MAX = 1_000_000;

export interface Page {
  limit: number;
  offset: number;
}

export interface PageBounds {
  /** `limit` when the query has none (default PAGE_LIMIT_DEFAULT). */
  defaultLimit?: number;
  /** Largest `limit` accepted (default PAGE_LIMIT_MAX). */
  maxLimit?: number;
}

/**
 * The `?limit&offset` query class of a list route with its own bounds, e.g.
 * `class ListActivityQuery extends PageQueryOf({ defaultLimit: 100, maxLimit: 1000 })`.
 * Out-of-range, fractional or non-numeric values answer 400 VALIDATION_FAILED, and the OpenAPI
 * document carries the bounds.
 */
export function PageQueryOf(bounds: PageBounds = {}): ClassRef<Page> {
  const defaultLimit = bounds.defaultLimit ?? PAGE_LIMIT_DEFAULT;
  const maxLimit = bounds.maxLimit ?? PAGE_LIMIT_MAX;

  class BoundedPageQuery implements Page {
    @ApiPropertyOptional({ type: 'integer', default: defaultLimit, minimum: 1, maximum: maxLimit })
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(maxLimit)
    limit: number = defaultLimit;

    @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0, maximum: PAGE_OFFSET_MAX })
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(PAGE_OFFSET_MAX)
    offset: number = 0;
  }
  return BoundedPageQuery;
}

/** `?limit&offset` of a list route: limit 1–500 (default 50), offset 0–1 000 000 (default 0). */
export class PageQuery extends PageQueryOf() {}

/** The page of a query, without its other fields (for `{ items, total, ...page }`). */
export function pageOf(query: Page): Page {
  return { limit: query.limit, offset: query.offset };
}
