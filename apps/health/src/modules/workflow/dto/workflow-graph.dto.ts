import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  COMPARISON_OPERATORS,
  EDGE_BRANCHES,
  END_NODE_OUTPUT_MODES,
  FALLBACK_STRATEGIES,
  JOIN_SKIP_HANDLINGS,
  JOIN_STRATEGIES,
  NODE_KINDS,
  type AnalysisNode,
  type ComparisonCondition,
  type CombinatorCondition,
  type Condition,
  type EdgeBranch,
  type EndNode,
  type JoinNode,
  type LogicNode,
  type NotCondition,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@sports/workflow-engine';

/*
 * The workflow graph as OpenAPI schemas, after the engine's wire types (libs/workflow-engine
 * types.ts, the truth): nodes are a union discriminated by `kind`, conditions a union
 * discriminated by `op`. Classes `implements` the engine's interfaces so that a field the
 * engine adds or changes fails to compile here.
 */

const NullableString = { type: String, nullable: true } as const;
const NullableInteger = { type: 'integer', nullable: true } as const;
const SCALAR = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];

export class ComparisonConditionSchema implements ComparisonCondition {
  @ApiProperty({ enum: COMPARISON_OPERATORS }) op!: ComparisonCondition['op'];
  @ApiProperty({
    example: 'sleep.quality',
    description: '`<node_id>.<key>` of an upstream analysis node’s decision signal',
  })
  signal!: string;
  @ApiProperty({
    oneOf: [...SCALAR, { type: 'array', items: { oneOf: SCALAR } }],
    description: 'A scalar, or a list of scalars for IN',
  })
  value!: ComparisonCondition['value'];
}

export class CombinatorConditionSchema implements CombinatorCondition {
  @ApiProperty({ enum: ['AND', 'OR'] }) op!: CombinatorCondition['op'];
  @ApiProperty({ type: 'array', items: conditionSchema() }) conditions!: Condition[];
}

export class NotConditionSchema implements NotCondition {
  @ApiProperty({ enum: ['NOT'] }) op!: 'NOT';
  @ApiProperty(conditionSchema()) condition!: Condition;
}

/** A condition of a logic node: one of the three condition schemas, told apart by `op`. */
export function conditionSchema(): Record<string, unknown> {
  const comparison = getSchemaPath('ComparisonConditionSchema');
  return {
    oneOf: [
      { $ref: comparison },
      { $ref: getSchemaPath('CombinatorConditionSchema') },
      { $ref: getSchemaPath('NotConditionSchema') },
    ],
    discriminator: {
      propertyName: 'op',
      mapping: {
        ...Object.fromEntries(COMPARISON_OPERATORS.map((op) => [op, comparison])),
        AND: getSchemaPath('CombinatorConditionSchema'),
        OR: getSchemaPath('CombinatorConditionSchema'),
        NOT: getSchemaPath('NotConditionSchema'),
      },
    },
  };
}

class NodeBaseSchema {
  @ApiProperty({ example: 'sleep', description: 'Unique in the graph; letters, digits, _ and -' })
  id!: string;
  @ApiPropertyOptional(NullableString) label?: string | null;
}

export class AnalysisNodeSchema extends NodeBaseSchema implements AnalysisNode {
  @ApiProperty({ enum: ['analysis'] }) kind!: 'analysis';
  @ApiPropertyOptional({ ...NullableString, description: 'Reference mode: a base prompt slug' })
  prompt_slug?: string | null;
  @ApiPropertyOptional({
    ...NullableString,
    description: 'Inline mode: the template itself (wins over prompt_slug)',
  })
  inline_template?: string | null;
  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description: 'Question keys; a non-empty list overrides the prompt’s defaults',
  })
  question_keys?: string[] | null;
  @ApiPropertyOptional(NullableInteger) timeout_ms?: number | null;
  @ApiPropertyOptional(NullableInteger) retries?: number | null;
}

export class LogicNodeSchema extends NodeBaseSchema implements LogicNode {
  @ApiProperty({ enum: ['logic'] }) kind!: 'logic';
  @ApiProperty(conditionSchema()) condition!: Condition;
  @ApiPropertyOptional({
    enum: FALLBACK_STRATEGIES,
    nullable: true,
    description: 'Defaults to CONSERVATIVE_SKIP',
  })
  fallback_strategy?: LogicNode['fallback_strategy'];
  @ApiPropertyOptional({
    enum: ['then', 'else'],
    nullable: true,
    description: 'Required for DEFAULT_PATH',
  })
  default_branch?: 'then' | 'else' | null;
}

export class JoinNodeSchema extends NodeBaseSchema implements JoinNode {
  @ApiProperty({ enum: ['join'] }) kind!: 'join';
  @ApiProperty({ enum: JOIN_STRATEGIES }) join_strategy!: JoinNode['join_strategy'];
  @ApiProperty({ enum: JOIN_SKIP_HANDLINGS }) skip_handling!: JoinNode['skip_handling'];
  @ApiPropertyOptional({ ...NullableInteger, description: 'Required for REQUIRE_MINIMUM' })
  min_completed?: number | null;
  @ApiPropertyOptional(NullableString) placeholder_text?: string | null;
}

export class EndNodeSchema extends NodeBaseSchema implements EndNode {
  @ApiProperty({ enum: ['end'] }) kind!: 'end';
  @ApiPropertyOptional({
    enum: END_NODE_OUTPUT_MODES,
    nullable: true,
    description: 'Defaults to AUTO',
  })
  output_mode?: EndNode['output_mode'];
  @ApiPropertyOptional({ ...NullableString, description: 'Liquid template, for TEMPLATE' })
  template?: string | null;
}

const NODE_SCHEMAS = {
  analysis: 'AnalysisNodeSchema',
  logic: 'LogicNodeSchema',
  join: 'JoinNodeSchema',
  end: 'EndNodeSchema',
} as const satisfies Record<(typeof NODE_KINDS)[number], string>;

/** A graph node: one of the four node schemas, told apart by `kind`. */
export function nodeSchema(): Record<string, unknown> {
  return {
    oneOf: Object.values(NODE_SCHEMAS).map((name) => ({ $ref: getSchemaPath(name) })),
    discriminator: {
      propertyName: 'kind',
      mapping: Object.fromEntries(
        Object.entries(NODE_SCHEMAS).map(([kind, name]) => [kind, getSchemaPath(name)]),
      ),
    },
  };
}

export class WorkflowEdgeSchema implements WorkflowEdge {
  @ApiPropertyOptional({ ...NullableString, description: 'Generated when absent' })
  id?: string | null;
  @ApiProperty({ description: 'Node id' }) from!: string;
  @ApiProperty({ description: 'Node id' }) to!: string;
  @ApiPropertyOptional({
    enum: EDGE_BRANCHES,
    nullable: true,
    description: 'Required on edges leaving a logic node, absent elsewhere',
  })
  branch?: EdgeBranch | null;
}

@ApiExtraModels(
  ComparisonConditionSchema,
  CombinatorConditionSchema,
  NotConditionSchema,
  AnalysisNodeSchema,
  LogicNodeSchema,
  JoinNodeSchema,
  EndNodeSchema,
)
export class WorkflowGraphSchema implements WorkflowGraph {
  @ApiProperty({ type: 'array', items: nodeSchema() }) nodes!: WorkflowNode[];
  @ApiPropertyOptional({ type: [WorkflowEdgeSchema], description: 'Absent: no edges' })
  edges!: WorkflowEdge[];
}
