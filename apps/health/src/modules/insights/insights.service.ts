import { Injectable } from '@nestjs/common';
import { IfMatch, NotFoundError, withEntityTag } from '@sports/common';
import type { EntityManager } from 'typeorm';
import {
  InsightListQuery,
  InsightListResponse,
  InsightResponse,
  toInsightResponse,
} from './dto/insight.dto';
import { InsightRow, InsightsRepository, InsightValues } from './insights.repository';

/** Results of prompt runs and workflow executions, visible and deletable by their owner only. */
@Injectable()
export class InsightsService {
  constructor(private readonly insights: InsightsRepository) {}

  /** Stores a result; used by the prompt executor and the workflow executions. */
  record(values: InsightValues, manager?: EntityManager): Promise<InsightRow> {
    return this.insights.insert(values, manager);
  }

  /** The (one) insight of an execution is replaced after a resume. */
  replaceForExecution(values: InsightValues, manager: EntityManager): Promise<InsightRow> {
    return this.insights.replaceForExecution(values, manager);
  }

  async idForExecution(ownerId: string, executionId: string): Promise<string | null> {
    return (await this.insights.findForExecution(ownerId, executionId))?.id ?? null;
  }

  async list(ownerId: string, query: InsightListQuery): Promise<InsightListResponse> {
    const { limit, offset } = query;
    const [rows, total] = await this.insights.list(ownerId, {
      prompt_id: query.prompt_id,
      limit,
      offset,
    });
    return { items: rows.map(toInsightResponse), total, limit, offset };
  }

  async get(ownerId: string, id: string): Promise<InsightResponse> {
    const row = await this.insights.findOwn(ownerId, id);
    if (!row) throw new NotFoundError('Insight', id);
    return withEntityTag(toInsightResponse(row), row.row_version);
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  remove(ownerId: string, id: string, ifMatch?: IfMatch): Promise<void> {
    return this.insights.deleteOwn(ownerId, id, ifMatch);
  }
}
