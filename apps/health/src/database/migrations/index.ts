import { Init1775692800000 } from './1775692800000-init';
import { BodyAndMembership1775692801000 } from './1775692801000-body-and-membership';
import { Tracking1775692802000 } from './1775692802000-tracking';
import { CsvImport1775692803000 } from './1775692803000-csv-import';
import { Workflow1775692805000 } from './1775692805000-workflow';
import { Dashboard1775692806000 } from './1775692806000-dashboard';
import { CsvRealExports1776384000000 } from './1776384000000-csv-real-exports';
import { PhotoStoragePath1795464100000 } from './1795464100000-photo-storage-path';
import { WorkflowExecutionJobs1795464200000 } from './1795464200000-workflow-execution-jobs';
import { PhotoRenditions1795464300000 } from './1795464300000-photo-renditions';
import { LlmUsageLedger1795464400000 } from './1795464400000-llm-usage-ledger';
import { WorkflowLayoutNodeTests1795464500000 } from './1795464500000-workflow-layout-node-tests';

/** Every migration of the health service, oldest first. */
export const MIGRATIONS = [
  Init1775692800000,
  BodyAndMembership1775692801000,
  Tracking1775692802000,
  CsvImport1775692803000,
  Workflow1775692805000,
  Dashboard1775692806000,
  CsvRealExports1776384000000,
  PhotoStoragePath1795464100000,
  WorkflowExecutionJobs1795464200000,
  PhotoRenditions1795464300000,
  LlmUsageLedger1795464400000,
  WorkflowLayoutNodeTests1795464500000,
];

/** Tables whose presence the readiness probe checks. */
export const CORE_TABLES = ['users', 'refresh_tokens'];
