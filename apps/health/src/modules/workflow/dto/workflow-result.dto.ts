import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  EDGE_BRANCHES,
  END_NODE_OUTPUT_MODES,
  FALLBACK_STRATEGIES,
  NODE_KINDS,
  type EdgeExecutionState,
  type ExecutionErrorInfo,
  type ExecutionResult,
  type GraphIssue,
  type JoinOutcomeRecord,
  type JoinPathSummary,
  type NodeExecutionState,
  type NormalizedSignal,
  type UndecidedCondition,
  type UndecidedSignal,
} from '@sports/workflow-engine';
import { GRAPH_ISSUE_CODES } from '../../../errors';

/*
 * The execution result as OpenAPI schemas, after the engine's wire types (libs/workflow-engine
 * types.ts). Classes `implements` the engine's interfaces so that a change there fails to
 * compile here.
 */

const NullableString = { type: String, nullable: true } as const;
const NullableNumber = { type: Number, nullable: true } as const;
export const NODE_STATES = ['PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'FAILED'] as const;

export class GraphIssueResponse implements GraphIssue {
  @ApiProperty({
    enum: [...GRAPH_ISSUE_CODES, 'PROMPT_NOT_FOUND', 'QUESTION_NOT_FOUND', 'PLACEHOLDER_UNKNOWN'],
    description:
      'A graph validation code (see the ErrorCode catalogue); warnings also name references that do not resolve (PROMPT_NOT_FOUND, QUESTION_NOT_FOUND, PLACEHOLDER_UNKNOWN)',
  })
  code!: GraphIssue['code'];
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ example: 'nodes[2].inline_template' }) path?: string;
  @ApiPropertyOptional({ type: [String] }) node_ids?: string[];
  @ApiPropertyOptional() edge_id?: string;
}

export class NormalizedSignalResponse implements NormalizedSignal {
  @ApiProperty({ description: 'The answer as the model gave it' }) raw!: string;
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
    nullable: true,
    description: 'Canonical value; null when the status is unclear, invalid or not_decidable',
  })
  value!: NormalizedSignal['value'];
  @ApiProperty({ enum: ['valid', 'normalized', 'unclear', 'invalid', 'not_decidable'] })
  status!: NormalizedSignal['status'];
}

export class JoinPathSummaryResponse implements JoinPathSummary {
  @ApiProperty() edge_id!: string;
  @ApiProperty() from!: string;
  @ApiProperty({ enum: ['completed', 'skipped', 'failed', 'pending'] })
  status!: JoinPathSummary['status'];
}

export class JoinOutcomeResponse implements JoinOutcomeRecord {
  @ApiProperty({ type: [JoinPathSummaryResponse] }) included!: JoinPathSummary[];
  @ApiProperty({ type: [JoinPathSummaryResponse] }) missing!: JoinPathSummary[];
}

export class ExecutionErrorResponse implements ExecutionErrorInfo {
  @ApiProperty({
    example: 'NODE_TIMEOUT',
    description:
      'Engine code of the node failure (NODE_TIMEOUT, PROMPT_RUN_FAILED, PROMPT_NOT_FOUND, QUESTION_NOT_FOUND, JOIN_MINIMUM_NOT_MET, JOIN_NO_COMPLETED_PATH, END_RENDER_FAILED, EXECUTION_ABORTED, EXECUTION_INTERRUPTED, ...)',
  })
  code!: string;
  @ApiProperty() message!: string;
}

const SIGNALS = {
  type: 'object',
  additionalProperties: { $ref: getSchemaPath(NormalizedSignalResponse) },
  nullable: true,
} as const;

@ApiExtraModels(NormalizedSignalResponse)
export class NodeExecutionStateResponse implements NodeExecutionState {
  @ApiProperty() node_id!: string;
  @ApiProperty({ enum: NODE_KINDS }) kind!: NodeExecutionState['kind'];
  @ApiProperty(NullableString) label!: string | null;
  @ApiProperty({ enum: NODE_STATES }) state!: NodeExecutionState['state'];
  @ApiProperty(NullableString) started_at!: string | null;
  @ApiProperty(NullableString) ended_at!: string | null;
  @ApiProperty(NullableNumber) duration_ms!: number | null;
  @ApiProperty() attempts!: number;
  @ApiProperty(NullableNumber) tokens_in!: number | null;
  @ApiProperty(NullableNumber) tokens_out!: number | null;
  @ApiProperty(NullableNumber) cost!: number | null;
  @ApiProperty({ enum: ['inline', 'reference'], nullable: true })
  template_mode!: NodeExecutionState['template_mode'];
  @ApiProperty(NullableString) prompt_sent!: string | null;
  @ApiProperty(NullableString) answer!: string | null;
  @ApiProperty({
    ...NullableString,
    description: 'Analysis: the Analysekern section. Join: the merged cores of the included paths',
  })
  analysis_core!: string | null;
  @ApiProperty({
    ...SIGNALS,
    description: 'Analysis: keyed by question key. Join: keyed by `<node_id>.<key>`',
  })
  decision_signals!: Record<string, NormalizedSignal> | null;
  @ApiProperty({ enum: ['true', 'false', 'undecided'], nullable: true })
  condition_result!: NodeExecutionState['condition_result'];
  @ApiProperty({ enum: EDGE_BRANCHES, nullable: true })
  branch_taken!: NodeExecutionState['branch_taken'];
  @ApiProperty({ type: JoinOutcomeResponse, nullable: true }) join!: JoinOutcomeRecord | null;
  @ApiProperty(NullableString) skip_reason!: string | null;
  @ApiProperty({ type: ExecutionErrorResponse, nullable: true })
  error!: ExecutionErrorInfo | null;
}

export class EdgeExecutionStateResponse implements EdgeExecutionState {
  @ApiProperty() edge_id!: string;
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ enum: EDGE_BRANCHES, nullable: true }) branch!: EdgeExecutionState['branch'];
  @ApiProperty({ enum: ['pending', 'active', 'inactive', 'failed'] })
  state!: EdgeExecutionState['state'];
}

export class UndecidedSignalResponse implements UndecidedSignal {
  @ApiProperty() signal!: string;
  @ApiProperty({ description: '`missing`, `not_numeric`, or the signal’s normalization status' })
  reason!: string;
}

export class UndecidedConditionResponse implements UndecidedCondition {
  @ApiProperty() node_id!: string;
  @ApiProperty(NullableString) label!: string | null;
  @ApiProperty() condition!: string;
  @ApiProperty({ enum: FALLBACK_STRATEGIES })
  fallback_strategy!: UndecidedCondition['fallback_strategy'];
  @ApiProperty({ type: [UndecidedSignalResponse] }) signals!: UndecidedSignal[];
}

export class ExecutionResultResponse implements ExecutionResult {
  @ApiProperty({ enum: ['completed', 'partial', 'failed'] }) status!: ExecutionResult['status'];
  @ApiProperty() started_at!: string;
  @ApiProperty() ended_at!: string;
  @ApiProperty() duration_ms!: number;
  @ApiProperty({ type: [String], description: 'Topological order of the node ids' })
  order!: string[];
  @ApiProperty({ type: [NodeExecutionStateResponse], description: 'In topological order' })
  nodes!: NodeExecutionState[];
  @ApiProperty({ type: [EdgeExecutionStateResponse] }) edges!: EdgeExecutionState[];
  @ApiProperty({ enum: END_NODE_OUTPUT_MODES }) output_mode!: ExecutionResult['output_mode'];
  @ApiProperty(NullableString) output!: string | null;
  @ApiProperty({ type: [UndecidedConditionResponse] })
  undecided_conditions!: UndecidedCondition[];
  @ApiProperty({ type: [GraphIssueResponse] }) warnings!: GraphIssue[];
  @ApiProperty() tokens_in!: number;
  @ApiProperty() tokens_out!: number;
  @ApiProperty() cost!: number;
  @ApiProperty({ type: [String], description: 'Nodes re-run by a resume; empty for a fresh run' })
  resumed_node_ids!: string[];
}
