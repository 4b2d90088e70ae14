import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { NormalizedSignal } from '@sports/workflow-engine';
import { IsObject, IsOptional } from 'class-validator';
import { WorkflowGraphSchema } from './workflow-graph.dto';
import { NormalizedSignalResponse } from './workflow-result.dto';

export class TestRunWorkflowNodeRequest {
  @ApiPropertyOptional({
    type: WorkflowGraphSchema,
    description:
      'The graph as edited, not saved yet; omitted: the saved graph. Only the tested node is taken from it and checked (the rest of the graph may be unfinished).',
  })
  @IsOptional()
  @IsObject()
  graph?: Record<string, unknown>;
}

export class TestRunTokensResponse {
  @ApiProperty({ description: 'Prompt tokens' }) input!: number;
  @ApiProperty({ description: 'Completion tokens' }) output!: number;
  @ApiProperty() total!: number;
}

@ApiExtraModels(NormalizedSignalResponse)
export class TestRunWorkflowNodeResponse {
  @ApiProperty({ example: 'a1' }) node_id!: string;
  @ApiProperty({ enum: ['reference', 'inline'] }) template_mode!: 'reference' | 'inline';
  @ApiProperty({
    description:
      'The prompt as sent to the model: the template with the answer-format block and questions, its data placeholders filled with the caller’s data (as in an execution); no inputs of upstream nodes',
  })
  rendered_prompt!: string;
  @ApiProperty({ type: [String], description: 'The questions asked' }) question_keys!: string[];
  @ApiProperty({ description: 'The model’s answer as given' }) answer!: string;
  @ApiProperty({ description: 'The Analysekern section of the answer' }) analysis_core!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(NormalizedSignalResponse) },
    description: 'The Entscheidungsanteil lines, normalized by the question catalogue',
  })
  decision_signals!: Record<string, NormalizedSignal>;
  @ApiProperty({ type: TestRunTokensResponse }) tokens!: TestRunTokensResponse;
  @ApiProperty({ description: 'What the call cost (counted in the usage ledger and budget)' })
  cost!: number;
  @ApiProperty({ description: 'Time of the model call, in milliseconds' }) duration_ms!: number;
  @ApiProperty() model!: string;
  @ApiProperty({ description: 'Answered by the built-in offline analyst' }) offline!: boolean;
}
