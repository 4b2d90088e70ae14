import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  Authenticated,
  Roles,
  UuidParam,
  ConditionalWrite,
  EntityTagged,
  WriteTarget,
} from '@sports/common';
import {
  ListSkillsQuery,
  SkillLevelsResponse,
  SkillListResponse,
  SkillRequest,
  SkillResponse,
  UpdateSkillRequest,
} from './dto/skill.dto';
import { SkillsService } from './skills.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('skills')
@TenantScoped()
@Controller('skills')
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

  @ApiOperation({ operationId: 'listSkills', summary: 'List skills' })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: SkillListResponse })
  list(@Query() query: ListSkillsQuery): Promise<SkillListResponse> {
    return this.skills.list(query);
  }

  @ApiOperation({ operationId: 'listSkillLevels', summary: 'List the skill levels' })
  @Get('levels')
  @Authenticated()
  @ApiOkResponse({ type: SkillLevelsResponse })
  levels(): SkillLevelsResponse {
    return this.skills.levels();
  }

  @ApiOperation({ operationId: 'getSkill', summary: 'Get a skill' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: SkillResponse })
  @EntityTagged()
  get(@UuidParam() id: string): Promise<SkillResponse> {
    return this.skills.get(id);
  }

  @ApiOperation({ operationId: 'createSkill', summary: 'Create a skill' })
  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: SkillResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  @EntityTagged()
  create(@Body() body: SkillRequest): Promise<SkillResponse> {
    return this.skills.create(body);
  }

  @ApiOperation({ operationId: 'replaceSkill', summary: 'Replace a skill' })
  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: SkillResponse })
  @ApiConflictResponse({ description: 'SLUG_TAKEN' })
  @ConditionalWrite()
  update(
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateSkillRequest,
  ): Promise<SkillResponse> {
    return this.skills.update(target, body);
  }

  @ApiOperation({ operationId: 'deleteSkill', summary: 'Delete a skill' })
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiConflictResponse({
    description: 'RESOURCE_IN_USE: used by exercises or maturity models (`usages` counts them)',
  })
  @ConditionalWrite()
  remove(@WriteTarget() target: WriteTarget): Promise<void> {
    return this.skills.remove(target);
  }
}
