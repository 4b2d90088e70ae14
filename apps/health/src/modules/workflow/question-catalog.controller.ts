import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import {
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  PageQuery,
  Roles,
} from '@sports/common';
import {
  CreateQuestionRequest,
  QuestionListResponse,
  QuestionResponse,
  UpdateQuestionRequest,
} from './dto/question.dto';
import { QuestionCatalogService } from './question-catalog.service';

@ApiTags('workflow')
@Controller('workflows/questions')
export class QuestionCatalogController {
  constructor(private readonly questions: QuestionCatalogService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: QuestionListResponse })
  @ApiOperation({ operationId: 'listQuestions', summary: 'List the question catalogue' })
  list(@Query() query: PageQuery): Promise<QuestionListResponse> {
    return this.questions.list(query);
  }

  @Get(':key')
  @Authenticated()
  @ApiOkResponse({ type: QuestionResponse })
  @EntityTagged()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getQuestion', summary: 'Get one question' })
  get(@Param('key') key: string): Promise<QuestionResponse> {
    return this.questions.get(key);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: QuestionResponse })
  @EntityTagged()
  @ApiConflictResponse({ description: 'QUESTION_KEY_EXISTS' })
  @ApiOperation({ operationId: 'createQuestion', summary: 'Add a question to the catalogue' })
  create(@Body() body: CreateQuestionRequest): Promise<QuestionResponse> {
    return this.questions.create(body);
  }

  @Put(':key')
  @Roles('admin')
  @ApiOkResponse({ type: QuestionResponse })
  @ConditionalWrite()
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'replaceQuestion', summary: 'Replace a question' })
  update(
    @Param('key') key: string,
    @Body() body: UpdateQuestionRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<QuestionResponse> {
    return this.questions.update(key, body, ifMatch);
  }

  @Delete(':key')
  @Roles('admin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'RESOURCE_IN_USE: a prompt or workflow asks it' })
  @ApiOperation({ operationId: 'deleteQuestion', summary: 'Delete a question' })
  remove(@Param('key') key: string, @IfMatchHeader() ifMatch?: IfMatch): Promise<void> {
    return this.questions.remove(key, ifMatch);
  }
}
