import {
  ArgumentMetadata,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  PipeTransform,
  Post,
  Put,
  Query,
  Type,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  createValidationPipe,
  EntityTagged,
  type ErrorCode,
  Roles,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import { CATALOGS, CatalogDefinition } from './catalog-definitions';
import { CatalogsService } from './catalogs.service';
import {
  AgeRangeEntryRequest,
  CatalogEntryRequest,
  CatalogEntryResponse,
  CatalogListResponse,
  ListCatalogQuery,
  ListStyleTargetGroupLinksQuery,
  StyleTargetGroupLinkListResponse,
  StyleTargetGroupLinkRequest,
  StyleTargetGroupLinkResponse,
  TrainingStyleHierarchyResponse,
  TrainingStyleRequest,
  UpdateAgeRangeEntryRequest,
  UpdateCatalogEntryRequest,
  UpdateTrainingStyleRequest,
} from './dto/catalog.dto';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

/** Validates a body against a class chosen at runtime (the controllers below are generated). */
@Injectable()
class BodyOf implements PipeTransform {
  private readonly pipe = createValidationPipe();
  constructor(private readonly cls: Type<unknown>) {}
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return this.pipe.transform(value, { ...metadata, type: 'body', metatype: this.cls });
  }
}

const REQUESTS: Record<CatalogDefinition['kind'], [Type<unknown>, Type<unknown>]> = {
  plain: [CatalogEntryRequest, UpdateCatalogEntryRequest],
  age_range: [AgeRangeEntryRequest, UpdateAgeRangeEntryRequest],
  training_style: [TrainingStyleRequest, UpdateTrainingStyleRequest],
};

/** `focus_areas` or `Focus area` as `FocusAreas` / `FocusArea`. */
function pascalCase(words: string): string {
  return words.replace(/(^|[_ ])(\w)/g, (_m, _s, c: string) => c.toUpperCase());
}

/** One controller per catalog: list/get for everybody signed in, writes for platform admins. */
function catalogController(def: CatalogDefinition): Type<unknown> {
  const [CreateBody, UpdateBody] = REQUESTS[def.kind];
  const plural = pascalCase(def.table);
  const singular = pascalCase(def.label);
  const noun = def.label.toLowerCase();
  // Training styles name their style direction, which must exist.
  const referenceErrors: ErrorCode[] =
    def.kind === 'training_style' ? ['UNKNOWN_CATALOG_ENTRY'] : [];

  @ApiTags('catalogs')
  @TenantScoped()
  @Controller(def.path)
  class GeneratedCatalogController {
    constructor(readonly catalogs: CatalogsService) {}

    @ApiOperation({ operationId: `list${plural}`, summary: `List ${noun} entries` })
    @Get()
    @Authenticated()
    @ApiOkResponse({ type: CatalogListResponse })
    list(@Query() query: ListCatalogQuery): Promise<CatalogListResponse> {
      return this.catalogs.list(def, query);
    }

    @ApiOperation({ operationId: `get${singular}`, summary: `Get a ${noun} entry` })
    @Get(':id')
    @Authenticated()
    @ApiOkResponse({ type: CatalogEntryResponse })
    @EntityTagged()
    get(@UuidParam() id: string): Promise<CatalogEntryResponse> {
      return this.catalogs.get(def, id);
    }

    @ApiOperation({
      operationId: `create${singular}`,
      summary: `Create a ${noun} entry (platform admins)`,
    })
    @ApiErrors(...referenceErrors)
    @Post()
    @Roles('admin')
    @ApiBody({ type: CreateBody })
    @ApiCreatedResponse({ type: CatalogEntryResponse })
    @ApiConflictResponse({ description: 'SLUG_TAKEN' })
    @EntityTagged()
    create(@Body(new BodyOf(CreateBody)) body: object): Promise<CatalogEntryResponse> {
      return this.catalogs.create(def, body);
    }

    @ApiOperation({
      operationId: `replace${singular}`,
      summary: `Replace a ${noun} entry (platform admins)`,
    })
    @ApiErrors(...referenceErrors)
    @Put(':id')
    @Roles('admin')
    @ApiBody({ type: UpdateBody })
    @ApiOkResponse({ type: CatalogEntryResponse })
    @ApiConflictResponse({ description: 'SLUG_TAKEN' })
    @ConditionalWrite()
    update(
      @WriteTarget() target: WriteTarget,
      @Body(new BodyOf(UpdateBody)) body: object,
    ): Promise<CatalogEntryResponse> {
      return this.catalogs.update(def, target, body);
    }

    @ApiOperation({
      operationId: `delete${singular}`,
      summary: `Delete a ${noun} entry nothing references (platform admins)`,
    })
    @Delete(':id')
    @Roles('admin')
    @HttpCode(204)
    @ApiNoContentResponse()
    @ApiConflictResponse({
      description: `RESOURCE_IN_USE: still referenced; \`usages\` counts the references by ${
        def.usages.map((u) => u.label).join(', ') || 'kind'
      }`,
    })
    @ConditionalWrite()
    remove(@WriteTarget() target: WriteTarget): Promise<void> {
      return this.catalogs.remove(def, target);
    }
  }
  Object.defineProperty(GeneratedCatalogController, 'name', { value: `${plural}Controller` });
  return GeneratedCatalogController;
}

/** The hierarchy view: style directions with their training styles and target groups. */
@ApiTags('catalogs')
@TenantScoped()
@Controller('training-styles/hierarchy')
export class TrainingStyleHierarchyController {
  constructor(private readonly catalogs: CatalogsService) {}

  @ApiOperation({
    operationId: 'getTrainingStyleHierarchy',
    summary: 'Get style directions with their training styles and target groups',
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainingStyleHierarchyResponse })
  hierarchy(): Promise<TrainingStyleHierarchyResponse> {
    return this.catalogs.hierarchy();
  }
}

/** Many-to-many between style directions and target groups. */
@ApiTags('catalogs')
@TenantScoped()
@Controller('training-style-target-groups')
export class StyleTargetGroupsController {
  constructor(private readonly catalogs: CatalogsService) {}

  @ApiOperation({
    operationId: 'listStyleTargetGroupLinks',
    summary: 'List links between style directions and target groups',
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: StyleTargetGroupLinkListResponse })
  list(@Query() query: ListStyleTargetGroupLinksQuery): Promise<StyleTargetGroupLinkListResponse> {
    return this.catalogs.listLinks(query);
  }

  @ApiOperation({
    operationId: 'getStyleTargetGroupLink',
    summary: 'Get a link between a style direction and a target group',
  })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: StyleTargetGroupLinkResponse })
  @EntityTagged()
  get(@UuidParam() id: string): Promise<StyleTargetGroupLinkResponse> {
    return this.catalogs.getLink(id);
  }

  @ApiOperation({
    operationId: 'createStyleTargetGroupLink',
    summary: 'Link a style direction and a target group',
  })
  @ApiErrors('UNKNOWN_CATALOG_ENTRY')
  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: StyleTargetGroupLinkResponse })
  @ApiConflictResponse({ description: 'STYLE_TARGET_GROUP_LINK_EXISTS' })
  @EntityTagged()
  create(@Body() body: StyleTargetGroupLinkRequest): Promise<StyleTargetGroupLinkResponse> {
    return this.catalogs.createLink(body);
  }

  @ApiOperation({
    operationId: 'deleteStyleTargetGroupLink',
    summary: 'Delete a link between a style direction and a target group',
  })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.catalogs.removeLink(target);
  }
}

/** Hierarchy first: `training-styles/hierarchy` must win over `training-styles/:id`. */
export const CATALOG_CONTROLLERS: Type<unknown>[] = [
  TrainingStyleHierarchyController,
  StyleTargetGroupsController,
  ...CATALOGS.map(catalogController),
];
