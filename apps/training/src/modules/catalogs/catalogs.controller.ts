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
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, createValidationPipe, Roles, UuidParam } from '@sports/common';
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

/** One controller per catalog: list/get for everybody signed in, writes for platform admins. */
function catalogController(def: CatalogDefinition): Type<unknown> {
  const [CreateBody, UpdateBody] = REQUESTS[def.kind];

  @ApiTags('catalogs')
  @Controller(def.path)
  class GeneratedCatalogController {
    constructor(readonly catalogs: CatalogsService) {}

    @Get()
    @Authenticated()
    @ApiOkResponse({ type: CatalogListResponse })
    list(@Query() query: ListCatalogQuery): Promise<CatalogListResponse> {
      return this.catalogs.list(def, query);
    }

    @Get(':id')
    @Authenticated()
    @ApiOkResponse({ type: CatalogEntryResponse })
    get(@UuidParam() id: string): Promise<CatalogEntryResponse> {
      return this.catalogs.get(def, id);
    }

    @Post()
    @Roles('admin')
    @ApiBody({ type: CreateBody })
    @ApiCreatedResponse({ type: CatalogEntryResponse })
    @ApiConflictResponse({ description: 'SLUG_TAKEN' })
    create(@Body(new BodyOf(CreateBody)) body: object): Promise<CatalogEntryResponse> {
      return this.catalogs.create(def, body);
    }

    @Put(':id')
    @Roles('admin')
    @ApiBody({ type: UpdateBody })
    @ApiOkResponse({ type: CatalogEntryResponse })
    @ApiConflictResponse({ description: 'SLUG_TAKEN' })
    update(
      @UuidParam() id: string,
      @Body(new BodyOf(UpdateBody)) body: object,
    ): Promise<CatalogEntryResponse> {
      return this.catalogs.update(def, id, body);
    }

    @Delete(':id')
    @Roles('admin')
    @HttpCode(204)
    @ApiNoContentResponse()
    @ApiConflictResponse({
      description: `RESOURCE_IN_USE: still referenced; \`usages\` counts the references by ${
        def.usages.map((u) => u.label).join(', ') || 'kind'
      }`,
    })
    remove(@UuidParam() id: string): Promise<void> {
      return this.catalogs.remove(def, id);
    }
  }
  const name = def.table.replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase());
  Object.defineProperty(GeneratedCatalogController, 'name', { value: `${name}Controller` });
  return GeneratedCatalogController;
}

/** The hierarchy view: style directions with their training styles and target groups. */
@ApiTags('catalogs')
@Controller('training-styles/hierarchy')
export class TrainingStyleHierarchyController {
  constructor(private readonly catalogs: CatalogsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainingStyleHierarchyResponse })
  hierarchy(): Promise<TrainingStyleHierarchyResponse> {
    return this.catalogs.hierarchy();
  }
}

/** Many-to-many between style directions and target groups. */
@ApiTags('catalogs')
@Controller('training-style-target-groups')
export class StyleTargetGroupsController {
  constructor(private readonly catalogs: CatalogsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: StyleTargetGroupLinkListResponse })
  list(@Query() query: ListStyleTargetGroupLinksQuery): Promise<StyleTargetGroupLinkListResponse> {
    return this.catalogs.listLinks(query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: StyleTargetGroupLinkResponse })
  get(@UuidParam() id: string): Promise<StyleTargetGroupLinkResponse> {
    return this.catalogs.getLink(id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: StyleTargetGroupLinkResponse })
  @ApiConflictResponse({ description: 'STYLE_TARGET_GROUP_LINK_EXISTS' })
  create(@Body() body: StyleTargetGroupLinkRequest): Promise<StyleTargetGroupLinkResponse> {
    return this.catalogs.createLink(body);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@UuidParam() id: string): Promise<void> {
    return this.catalogs.removeLink(id);
  }
}

/** Hierarchy first: `training-styles/hierarchy` must win over `training-styles/:id`. */
export const CATALOG_CONTROLLERS: Type<unknown>[] = [
  TrainingStyleHierarchyController,
  StyleTargetGroupsController,
  ...CATALOGS.map(catalogController),
];
