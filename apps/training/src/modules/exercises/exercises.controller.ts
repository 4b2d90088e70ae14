import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  PageQuery,
  UuidParam,
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
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('exercises')
@TenantScoped()
@Controller('exercises')
export class ExercisesController {
  constructor(
    private readonly exercises: ExercisesService,
    private readonly variants: ExerciseVariantsService,
  ) {}

  @ApiOperation({ operationId: 'listExercises', summary: 'List and search exercises' })
  @ApiErrors('NOT_FOUND')
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: ExerciseListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListExercisesQuery,
  ): Promise<ExerciseListResponse> {
    return this.exercises.list(ctx, query);
  }

  @ApiOperation({
    operationId: 'updateExercisesInBulk',
    summary: 'Update metadata of several exercises',
  })
  @ApiErrors('CLUB_MEDIA_COPYRIGHT_MISSING', 'NOT_FOUND')
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

  @ApiOperation({ operationId: 'getExercise', summary: 'Get an exercise' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: ExerciseResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<ExerciseResponse> {
    return this.exercises.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createExercise', summary: 'Create an exercise' })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'INLINE_MEDIA_ON_CREATE',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CATALOG_ENTRY',
    'UNKNOWN_CLUB',
  )
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

  @ApiOperation({ operationId: 'replaceExercise', summary: 'Replace an exercise' })
  @ApiErrors(
    'CLUB_MEDIA_ASSET_INACTIVE',
    'CLUB_MEDIA_COPYRIGHT_MISSING',
    'CLUB_MEDIA_COPYRIGHT_TOO_SHORT',
    'CLUB_MEMBERSHIP_REQUIRED',
    'INLINE_MEDIA_NOT_LINKED',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'OFFICIAL_MEDIA_ASSET_INACTIVE',
    'UNKNOWN_CATALOG_ENTRY',
  )
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

  @ApiOperation({ operationId: 'deleteExercise', summary: 'Delete an exercise' })
  @ApiErrors('FORBIDDEN', 'RESOURCE_IN_USE')
  @Delete(':id')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.exercises.remove(ctx, target.id, target.ifMatch);
  }

  // ---- variants ----

  @ApiOperation({
    operationId: 'listExerciseVariants',
    summary: 'List the variants of an exercise',
  })
  @Get(':id/variants')
  @Authenticated()
  @ApiOkResponse({ type: VariantListResponse })
  listVariants(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
  ): Promise<VariantListResponse> {
    return this.variants.list(ctx, id);
  }

  @ApiOperation({
    operationId: 'createExerciseVariant',
    summary: 'Create a variant of an exercise',
  })
  @ApiErrors('FORBIDDEN')
  @Post(':id/variants')
  @Authenticated()
  @ApiCreatedResponse({ type: VariantResponse })
  @EntityTagged()
  createVariant(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: CreateVariantRequest,
  ): Promise<VariantResponse> {
    return this.variants.create(ctx, id, body);
  }

  @ApiOperation({
    operationId: 'reorderExerciseVariants',
    summary: 'Reorder the variants of an exercise',
  })
  @Post(':id/variants/reorder')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: VariantListResponse })
  reorderVariants(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: ReorderVariantsRequest,
  ): Promise<VariantListResponse> {
    return this.variants.reorder(ctx, id, body);
  }

  @ApiOperation({ operationId: 'getExerciseVariant', summary: 'Get a variant of an exercise' })
  @Get(':id/variants/:vid')
  @Authenticated()
  @ApiOkResponse({ type: VariantResponse })
  @EntityTagged()
  getVariant(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @UuidParam('vid') vid: string,
  ): Promise<VariantResponse> {
    return this.variants.one(ctx, id, vid);
  }

  @ApiOperation({
    operationId: 'replaceExerciseVariant',
    summary: 'Replace a variant of an exercise',
  })
  @Put(':id/variants/:vid')
  @Authenticated()
  @ApiOkResponse({ type: VariantResponse })
  @ConditionalWrite()
  updateVariant(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @WriteTarget('vid') target: WriteTarget,
    @Body() body: UpdateVariantRequest,
  ): Promise<VariantResponse> {
    return this.variants.update(ctx, id, target, body);
  }

  @ApiOperation({
    operationId: 'deleteExerciseVariant',
    summary: 'Delete a variant of an exercise',
  })
  @Delete(':id/variants/:vid')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  removeVariant(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @WriteTarget('vid') target: WriteTarget,
  ): Promise<void> {
    return this.variants.remove(ctx, id, target);
  }
}

/** Saved exercise searches, private to their owner. */
@ApiTags('exercises')
@TenantScoped()
@Controller('exercise-searches')
export class ExerciseSearchesController {
  constructor(private readonly searches: ExerciseSearchesService) {}

  @ApiOperation({
    operationId: 'listExerciseSearches',
    summary: "List the caller's saved exercise searches",
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: SavedSearchListResponse })
  list(@Tenant() ctx: TenantContext, @Query() query: PageQuery): Promise<SavedSearchListResponse> {
    return this.searches.list(ctx, query);
  }

  @ApiOperation({ operationId: 'getExerciseSearch', summary: 'Get a saved exercise search' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: SavedSearchResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<SavedSearchResponse> {
    return this.searches.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createExerciseSearch', summary: 'Save an exercise search' })
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: SavedSearchResponse })
  @EntityTagged()
  @ApiConflictResponse({ description: 'NAME_TAKEN: the caller has a search of that name' })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: SavedSearchRequest,
  ): Promise<SavedSearchResponse> {
    return this.searches.create(ctx, body);
  }

  @ApiOperation({
    operationId: 'replaceExerciseSearch',
    summary: 'Replace a saved exercise search',
  })
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: SavedSearchResponse })
  @ApiConflictResponse({ description: 'NAME_TAKEN: the caller has a search of that name' })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateSavedSearchRequest,
  ): Promise<SavedSearchResponse> {
    return this.searches.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deleteExerciseSearch', summary: 'Delete a saved exercise search' })
  @Delete(':id')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.searches.remove(ctx, target);
  }
}
