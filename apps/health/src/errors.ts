import { defineErrors, type ErrorCodeEntry } from '@sports/common';
import type { GraphIssueCode } from '@sports/workflow-engine';

/*
 * The health service's own error codes (the common ones are in @sports/common's COMMON_ERRORS).
 * A code that is not here does not compile where it is thrown; the OpenAPI document lists the
 * whole catalogue in its `ErrorCode` schema and each operation's codes per status.
 */

const INVALID_GRAPH = 'Invalid workflow graph';

/** A graph issue answered as 400: the first error of a graph that failed validation. */
function graphIssue(description: string): ErrorCodeEntry {
  return {
    status: 400,
    title: INVALID_GRAPH,
    description: `${description} Answered when a workflow is saved or run with such a graph; \`issues[]\` lists every error with its node ids and path, \`errors[]\` their paths. Fix the graph and send it again (POST /api/workflows/validate checks without saving).`,
  };
}

/**
 * The engine's graph validation codes (libs/workflow-engine GraphIssueCode): the first error
 * of an invalid graph is the problem's code. Typed as a record of the engine's union, so a
 * code the engine adds must be catalogued here before the service compiles.
 */
const WORKFLOW_GRAPH_ERRORS: Record<GraphIssueCode, ErrorCodeEntry> = {
  GRAPH_SHAPE_INVALID: graphIssue('The graph is not an object with `nodes` and `edges` arrays.'),
  NODE_INVALID: graphIssue('A node is not an object with a known `kind`.'),
  NODE_ID_INVALID: graphIssue('A node id is missing or not a short identifier.'),
  NODE_ID_DUPLICATE: graphIssue('Two nodes have the same id.'),
  EDGE_INVALID: graphIssue('An edge is not an object with `from` and `to`.'),
  EDGE_UNKNOWN_NODE: graphIssue('An edge names a node the graph does not have.'),
  EDGE_DUPLICATE: graphIssue('Two edges connect the same nodes with the same branch.'),
  EDGE_BRANCH_MISSING: graphIssue('An edge leaving a logic node has no `branch`.'),
  EDGE_BRANCH_UNEXPECTED: graphIssue('An edge leaving a non-logic node has a `branch`.'),
  EDGE_BRANCH_UNUSED: graphIssue(
    'A logic node has an edge for a branch it can never take (a warning unless it is an error).',
  ),
  END_NODE_MISSING: graphIssue('The graph has no end node.'),
  END_NODE_DUPLICATE: graphIssue('The graph has more than one end node.'),
  END_NODE_HAS_OUTGOING: graphIssue('An edge leaves the end node.'),
  GRAPH_CYCLE: graphIssue('The edges form a cycle.'),
  NODE_CANNOT_REACH_END: graphIssue('A node has no path to the end node.'),
  NODE_NOT_REACHABLE_FROM_START: graphIssue('A node cannot be reached from any start node.'),
  START_NODE_INVALID: graphIssue('A node without incoming edges is not an analysis node.'),
  NODE_TEMPLATE_MISSING: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'An analysis node has neither `prompt_slug` nor `inline_template`, so its template cannot be loaded; `node_ids` names it. Give the node a template and save again.',
  },
  NODE_TEMPLATE_AMBIGUOUS: graphIssue(
    'An analysis node has both `prompt_slug` and `inline_template` (a warning: the inline one wins).',
  ),
  ANALYSIS_SETTINGS_INVALID: graphIssue(
    'An analysis node has an invalid `timeout_ms`, `retries` or `question_keys`.',
  ),
  CONDITION_INVALID: graphIssue('A logic node condition is malformed (operator, value, nesting).'),
  CONDITION_SIGNAL_UNKNOWN: graphIssue(
    'A condition names a signal `<node_id>.<key>` of no upstream analysis node.',
  ),
  LOGIC_FALLBACK_EDGES_MISSING: graphIssue(
    'A logic node lacks the edges its fallback strategy needs (e.g. an `uncertain` edge for UNCERTAINTY_PATH, `default_branch` for DEFAULT_PATH).',
  ),
  JOIN_SETTINGS_INVALID: graphIssue(
    'A join node has invalid settings (e.g. REQUIRE_MINIMUM without a valid `min_completed`).',
  ),
  END_TEMPLATE_INVALID: graphIssue(
    'The end node template is missing (TEMPLATE mode) or not valid Liquid.',
  ),
  END_TEMPLATE_UNKNOWN_NODE: graphIssue(
    'The end node template refers to a node the graph does not have.',
  ),
};

/** The engine's graph validation codes, as the catalogue lists them. */
export const GRAPH_ISSUE_CODES = Object.keys(WORKFLOW_GRAPH_ERRORS) as GraphIssueCode[];

export const HEALTH_ERRORS = defineErrors({
  ...WORKFLOW_GRAPH_ERRORS,

  // Accounts and administration
  ADMIN_SELF_LOCKOUT: {
    status: 409,
    title: 'Conflict',
    description:
      'An admin tried to lock themselves out (remove their own admin role, deactivate themselves) or the last active admin tried to delete their account; another admin must do it, or make another account admin first.',
  },
  UNKNOWN_FEATURE: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'A feature key sent (tier features, dashboard settings) is not one the service knows; `unknown_features` lists them. Use the keys of the feature catalogue.',
  },

  // Tracking
  WEIGHT_EXISTS_FOR_DAY: {
    status: 409,
    title: 'Conflict',
    description:
      'The day already has a weight entry (one per day). Update that entry instead; `existing_id` names it.',
  },
  CIRCUMFERENCE_EXISTS_FOR_DAY: {
    status: 409,
    title: 'Conflict',
    description:
      'The day already has a circumference entry for that site. Update that entry instead.',
  },
  CALIPER_EXISTS_FOR_DAY: {
    status: 409,
    title: 'Conflict',
    description:
      'The day already has a caliper measurement with that formula. Update that entry instead.',
  },
  NUTRITION_DAY_TOTAL_EXISTS: {
    status: 409,
    title: 'Conflict',
    description:
      'The day already has a whole-day nutrition total (one per day). Update it instead.',
  },
  PROFILE_INCOMPLETE: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'A caliper body-fat formula needs the profile’s sex and birth date (`missing_fields` names those unset); set them with PUT /api/profile first.',
  },
  CALIPER_SITE_MISSING: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The chosen caliper formula needs skinfold sites that were not sent; `missing_sites` names them.',
  },
  CALIPER_AGE_OUT_OF_RANGE: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The caliper formula is not valid for the age of the profile on that day.',
  },
  CALIPER_RESULT_IMPLAUSIBLE: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The skinfolds give a body fat outside the plausible range; check the values and their unit (mm).',
  },
  REFERENCE_VALUE_EXISTS: {
    status: 409,
    title: 'Conflict',
    description: 'The day already has a value of that reference value type. Update that value.',
  },
  REFERENCE_VALUE_TYPE_UNKNOWN: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The reference value type key does not exist; use one of the listed types.',
  },
  REFERENCE_VALUE_TYPE_INACTIVE: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The reference value type was deactivated by an admin; no new values are taken.',
  },
  REFERENCE_VALUE_TYPE_EXISTS: {
    status: 409,
    title: 'Conflict',
    description: 'A reference value type with this key exists already (admin). Choose another key.',
  },

  // Import and export
  IMPORT_CONFLICT: {
    status: 409,
    title: 'Conflict',
    description:
      'The document conflicts with data written at the same time (e.g. a second whole-day nutrition total); nothing was imported. Retry the import.',
  },
  FHIR_CODE_UNKNOWN: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The bundle has observation codes the service does not store; `errors[]` and `unknown_codes[]` name them with their paths. Remove those entries; nothing was imported.',
  },
  CSV_TEMPLATE_INVALID: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The CSV mapping is not usable; `warnings` lists every problem (unknown field, unit mismatch, date format, name taken, ...). Nothing is saved.',
  },
  CSV_SYSTEM_TEMPLATE: {
    status: 403,
    title: 'Forbidden',
    description:
      'System CSV templates cannot be changed or deleted by users; copy the template (POST /api/csv/copy) and edit the copy.',
  },
  CSV_MAPPING_NAME_TAKEN: {
    status: 409,
    title: 'Conflict',
    description: 'You already have a CSV mapping with this name; choose another name.',
  },
  CSV_MAPPED_COLUMN_MISSING: {
    status: 409,
    title: 'Conflict',
    description:
      'A mapped optional column is missing from the file while values of it are stored for days of the file; send `on_missing_column` to say whether to keep or clear them.',
  },
  CSV_ROWS_INVALID: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'Rows of the CSV file are invalid; `row_errors[]` names row, column, value and a hint for each (codes such as CSV_INVALID_DATE, CSV_OUT_OF_RANGE, CSV_DUPLICATE_DAY). Nothing was written; fix the rows or import with `on_error=skip`.',
  },
  CSV_ENCODING_MISMATCH: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The file is not in the encoding the mapping names (e.g. windows-1252 bytes for utf-8); save it in that encoding or set `encoding` to auto.',
  },
  CSV_UNIT_MISMATCH: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'A header names a unit other than the mapping’s for that column (e.g. lb for a kg column); change the mapping’s unit or the file.',
  },
  CSV_MISSING_COLUMNS: {
    status: 422,
    title: 'Unprocessable content',
    description: 'Columns the mapping needs are not in the file; `missing_columns` lists them.',
  },
  CSV_DUPLICATE_HEADERS: {
    status: 422,
    title: 'Unprocessable content',
    description: 'Two columns of the file have the same header; rename one.',
  },
  CSV_TOO_MANY_ROWS: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The file has more data rows than `max_rows` of the import limits; split it.',
  },
  CSV_EMPTY_FILE: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The uploaded file is empty.',
  },
  CSV_NO_DATA_ROWS: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The file has a header but no data rows (after the skipped and excluded lines).',
  },
  CSV_NOT_TEXT: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The file is not text (e.g. a spreadsheet or an image); export it as CSV first.',
  },
  CSV_MAPPING_INVALID: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The mapping is not usable for this file (e.g. its date format has no usable tokens); the mapping owner or an admin must fix it.',
  },

  // Prompts and language model
  PROMPT_SLUG_EXISTS: {
    status: 409,
    title: 'Conflict',
    description: 'A prompt with this slug exists already; choose another slug.',
  },
  SYSTEM_PROMPT_ADMIN_ONLY: {
    status: 403,
    title: 'Forbidden',
    description: 'System prompts are created, changed and deleted by admins only.',
  },
  WORKFLOW_NOT_FOUND: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'A workflow prompt points to a workflow that does not exist or is not yours; choose one of your workflows.',
  },
  PLACEHOLDER_UNKNOWN: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The template uses data placeholders the service does not know; `unknown_placeholders` lists them (GET /api/prompts/placeholders lists every placeholder).',
  },
  QUESTION_NOT_FOUND: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The prompt names question keys the question catalogue does not have; create them first or remove them.',
  },
  LLM_BUDGET_EXCEEDED: {
    status: 402,
    title: 'Payment required',
    description:
      'The monthly language-model budget of the caller’s tier is spent (`tier`, `budget`, `spent`, `resets_at`); nothing was run. Wait for `resets_at` or move to a tier with a larger budget.',
  },
  LLM_FAILED: {
    status: 502,
    title: 'Bad gateway',
    description:
      'The language model answered with an error, could not be reached or gave a malformed answer; `llm_error` says which. Retry later.',
  },
  LLM_TIMEOUT: {
    status: 504,
    title: 'Gateway timeout',
    description: 'The language model did not answer in time. Retry later.',
  },

  // Workflows
  QUESTION_KEY_EXISTS: {
    status: 409,
    title: 'Conflict',
    description: 'A question with this key exists already in the catalogue; choose another key.',
  },
  EXECUTION_RUNNING: {
    status: 409,
    title: 'Conflict',
    description:
      'The execution is still running (or already being resumed); wait for its end (GET or the event stream) and retry.',
  },
  EXECUTION_NOT_RESUMABLE: {
    status: 409,
    title: 'Conflict',
    description:
      'The execution has no FAILED node, so there is nothing to resume; run the workflow again instead.',
  },
  NODE_NOT_ANALYSIS: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'Only analysis nodes can be test-run (they are the ones that call the model); `node_kind` names the kind of the node asked for. Pick an analysis node.',
  },
  PROMPT_NOT_FOUND: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'The analysis node names a `prompt_slug` that is not a base prompt of yours or of the system; create the prompt or give the node an inline_template.',
  },
  EXECUTION_ENDED: {
    status: 409,
    title: 'Conflict',
    description: 'The execution has ended already and cannot be cancelled.',
  },

  // Dashboard
  UNKNOWN_WIDGET: {
    status: 422,
    title: 'Unprocessable content',
    description:
      'A dashboard widget key is not one of the widget catalogue; `unknown_widgets` lists them.',
  },
  DUPLICATE_WIDGET: {
    status: 422,
    title: 'Unprocessable content',
    description: 'The dashboard layout lists a widget twice; `duplicate_widgets` names them.',
  },

  // Static files
  EDITOR_NOT_BUILT: {
    status: 404,
    title: 'Not found',
    description:
      'The workflow editor page is not built in this deployment; run `pnpm --filter @sports/workflow-editor build`.',
  },
});

declare module '@sports/common' {
  interface ErrorCodes extends Record<keyof typeof HEALTH_ERRORS, true> {}
}
