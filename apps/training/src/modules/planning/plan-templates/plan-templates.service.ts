import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TenantContext } from '../../tenant-context/tenant-context';
import type { PlanContentListQuery } from '../dto/plan-content.dto';
import { LibraryContentRepository, LibraryRow } from '../library-content.repository';
import { LibraryContentService, toPlanContentResponse } from '../library-content.service';
import { PlanSectionsRepository } from '../plan-sections.repository';
import { PlanSectionsService } from '../plan-sections.service';
import type {
  CreatePlanTemplateRequest,
  PlanTemplateListResponse,
  PlanTemplateResponse,
  UpdatePlanTemplateRequest,
} from './dto/plan-template.dto';
import { pageOf, withEntityTag, type WriteTarget } from '@sports/common';

const TABLE = 'plan_templates';

/** Training plan templates: library content with sections (rules 1 and 2). */
@Injectable()
export class PlanTemplatesService {
  constructor(
    private readonly library: LibraryContentService,
    private readonly repo: LibraryContentRepository,
    private readonly sections: PlanSectionsService,
    private readonly sectionRows: PlanSectionsRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(ctx: TenantContext, query: PlanContentListQuery): Promise<PlanTemplateListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list(ctx, TABLE, query, page);
    return { items: rows.map((r) => toPlanContentResponse(ctx, r)), total, ...page };
  }

  async get(ctx: TenantContext, id: string): Promise<PlanTemplateResponse> {
    const row = await this.library.readable(ctx, TABLE, id);
    return this.respond(ctx, row);
  }

  async create(ctx: TenantContext, body: CreatePlanTemplateRequest): Promise<PlanTemplateResponse> {
    const values = await this.library.values(ctx, body, null);
    const sections = await this.sections.prepare(ctx, body.sections ?? []);
    const id = await this.dataSource.transaction(async (m) => {
      const newId = await this.repo.insert(m, TABLE, values, ctx.profile_id);
      await this.sectionRows.replace(m, 'plan_template', newId, sections);
      return newId;
    });
    return this.get(ctx, id);
  }

  /**
   * With If-Match only the version it names is changed (checked on the locked row; 412
   * otherwise, nothing written). The template's row is updated on every write, sections too.
   */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdatePlanTemplateRequest,
  ): Promise<PlanTemplateResponse> {
    const sections = body.sections ? await this.sections.prepare(ctx, body.sections) : null;
    await this.dataSource.transaction(async (m) => {
      const current = await this.library.writable(ctx, TABLE, id, m, ifMatch);
      const values = await this.library.values(ctx, body, current);
      const sectionsChanged =
        !!sections && (await this.sectionRows.replace(m, 'plan_template', id, sections));
      await this.repo.update(m, TABLE, id, { ...values }, sectionsChanged);
    });
    return this.get(ctx, id);
  }

  /** With If-Match only the version it names is deleted. */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.library.writable(ctx, TABLE, id, m, ifMatch);
      await this.repo.delete(m, TABLE, id);
    });
  }

  private async respond(ctx: TenantContext, row: LibraryRow): Promise<PlanTemplateResponse> {
    const sections = (await this.sectionRows.load('plan_template', [row.id])).get(row.id) ?? [];
    return withEntityTag({ ...toPlanContentResponse(ctx, row), sections }, row.row_version);
  }
}
