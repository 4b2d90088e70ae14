import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  Authenticated,
  PageQuery,
  UuidParamPipe,
  ConditionalWrite,
  EntityTagged,
  WriteTarget,
} from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  BulkMetadataRequest,
  BulkMetadataResponse,
  CreateExerciseRequest,
  CreateVariantRequest,
  ExerciseListResponse,
  ExerciseResponse,
  ListExercisesQuery,
  ReorderVariantsRequest,
  SavedSearchListResponse,
  SavedSearchRequest,
  SavedSearchResponse,
  UpdateExerciseRequest,
  UpdateSavedSearchRequest,
  UpdateVariantRequest,
  VariantListResponse,
  VariantResponse,
} from './dto/exercise.dto';
import { ExerciseSearchesService } from './exercise-searches.service';
import { ExerciseVariantsService } from './exercise-variants.service';
import { ExercisesService } from './exercises.service';

@ApiTags('exercises')
@Controller('exercises')
export class ExercisesController {
  constructor(
    private readonly exercises: ExercisesService,
    private readonly variants: ExerciseVariantsService,
  ) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: ExerciseListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListExercisesQuery,
  ): Promise<ExerciseListResponse> {
    return this.exercises.list(ctx, query);
  }

  @Patch('bulk-metadata')
  @Authenticated()
  @ApiOkResponse({ type: BulkMetadataResponse })
  @ApiForbiddenResponse({
    description:
      'BULK_FORBIDDEN, or PRIVATE_EXERCISE_LIMIT_REACHED when owners would exceed their tier',
  })
  bulkMetadata(
    @Tenant() ctx: TenantContext,
    @Body() body: BulkMetadataRequest,
  ): Promise<BulkMetadataResponse> {
    return this.exercises.bulkMetadata(ctx, body);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: ExerciseResponse })
  @EntityTagged()
  get(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<ExerciseResponse> {
    return this.exercises.get(ctx, id);
  }

  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: ExerciseResponse })
  @EntityTagged()
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED, also for a text too long once sanitized',
  })
  @ApiForbiddenResponse({
    description: 'PRIVATE_EXERCISE_LIMIT_REACHED: the tier allows no more private exercises',
  })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateExerciseRequest,
  ): Promise<ExerciseResponse> {
    return this.exercises.create(ctx, body);
  }

  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: ExerciseResponse })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED, also for a text too long once sanitized',
  })
  @ApiForbiddenResponse({
    description:
      'FORBIDDEN (read-only), or PRIVATE_EXERCISE_LIMIT_REACHED when becoming private exceeds the tier',
  })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateExerciseRequest,
  ): Promise<ExerciseResponse> {
    return this.exercises.update(ctx, target.id, body, undefined, target.ifMatch);
  }

  @Delete(':id')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.exercises.remove(ctx, target.id, target.ifMatch);
  }

  // ---- variants ----

  @Get(':id/variants')
  @Authenticated()
  @ApiOkResponse({ type: VariantListResponse })
  listVariants(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<VariantListResponse> {
    return this.variants.list(ctx, id);
  }

  @Post(':id/variants')
  @Authenticated()
  @ApiCreatedResponse({ type: VariantResponse })
  createVariant(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: CreateVariantRequest,
  ): Promise<VariantResponse> {
    return this.variants.create(ctx, id, body);
  }

  @Post(':id/variants/reorder')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: VariantListResponse })
  reorderVariants(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: ReorderVariantsRequest,
  ): Promise<VariantListResponse> {
    return this.variants.reorder(ctx, id, body);
  }

  @Put(':id/variants/:vid')
  @Authenticated()
  @ApiOkResponse({ type: VariantResponse })
  updateVariant(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Param('vid', UuidParamPipe) vid: string,
    @Body() body: UpdateVariantRequest,
  ): Promise<VariantResponse> {
    return this.variants.update(ctx, id, vid, body);
  }

  @Delete(':id/variants/:vid')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  removeVariant(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Param('vid', UuidParamPipe) vid: string,
  ): Promise<void> {
    return this.variants.remove(ctx, id, vid);
  }
}

/** Saved exercise searches, private to their owner. */
@ApiTags('exercises')
@Controller('exercise-searches')
export class ExerciseSearchesController {
  constructor(private readonly searches: ExerciseSearchesService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: SavedSearchListResponse })
  list(@Tenant() ctx: TenantContext, @Query() query: PageQuery): Promise<SavedSearchListResponse> {
    return this.searches.list(ctx, query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: SavedSearchResponse })
  get(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<SavedSearchResponse> {
    return this.searches.get(ctx, id);
  }

  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: SavedSearchResponse })
  @ApiConflictResponse({ description: 'NAME_TAKEN: the caller has a search of that name' })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: SavedSearchRequest,
  ): Promise<SavedSearchResponse> {
    return this.searches.create(ctx, body);
  }

  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: SavedSearchResponse })
  @ApiConflictResponse({ description: 'NAME_TAKEN: the caller has a search of that name' })
  update(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateSavedSearchRequest,
  ): Promise<SavedSearchResponse> {
    return this.searches.update(ctx, id, body);
  }

  @Delete(':id')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@Tenant() ctx: TenantContext, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.searches.remove(ctx, id);
  }
}
