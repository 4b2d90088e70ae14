export * from './types';
export * from './workflow-engine.error';
export {
  compileWorkflowGraph,
  downstreamOf,
  validateWorkflowGraph,
  NODE_ID_PATTERN,
  RESERVED_NODE_IDS,
  type GraphValidationResult,
} from './graph';
export {
  resolveNodeTemplate,
  templateModeOf,
  type PromptTemplateLookup,
  type PromptTemplateRecord,
  type ResolvedTemplate,
} from './template-source';
export { parseAnswerSections, type ParsedAnswer } from './sections';
export {
  augmentTemplate,
  inMemoryQuestionCatalog,
  selectQuestionKeys,
  type QuestionCatalogLookup,
} from './questions';
export { normalizeSignal, normalizeSignals } from './normalize';
export { describeCondition, evaluateCondition } from './conditions';
export { evaluateJoin } from './join';
export { checkEndTemplate, renderEndOutput } from './render';
export {
  WorkflowExecutor,
  checkpointsOf,
  hasEnded,
  pendingNodeState,
  systemClock,
  timerSleep,
  type Clock,
  type ContinueOptions,
  type NodeCheckpoint,
  type NodeEndListener,
  type NodeUpdateListener,
  type PromptRunRequest,
  type PromptRunResult,
  type PromptRunner,
  type RunOptions,
  type Sleep,
  type WorkflowExecutorOptions,
} from './executor';
