import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, Roles } from '@sports/common';
import { UuidParamPipe } from '../club-memberships/uuid-param.pipe';
import {
  ListSkillsQuery,
  SkillLevelsResponse,
  SkillListResponse,
  SkillRequest,
  SkillResponse,
  UpdateSkillRequest,
} from './dto/skill.dto';
import { SkillsService } from './skills.service';

@ApiTags('skills')
@Controller('skills')
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: SkillListResponse })
  list(@Query() query: ListSkillsQuery): Promise<SkillListResponse> {
    return this.skills.list(query);
  }

  @Get('levels')
  @Authenticated()
  @ApiOkResponse({ type: SkillLevelsResponse })
  levels(): SkillLevelsResponse {
    return this.skills.levels();
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: SkillResponse })
  get(@Param('id', UuidParamPipe) id: string): Promise<SkillResponse> {
    return this.skills.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: SkillResponse })
  create(@Body() body: SkillRequest): Promise<SkillResponse> {
    return this.skills.create(body);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOkResponse({ type: SkillResponse })
  update(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateSkillRequest,
  ): Promise<SkillResponse> {
    return this.skills.update(id, body);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.skills.remove(id);
  }
}
