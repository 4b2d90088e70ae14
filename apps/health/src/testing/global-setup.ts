import { createGlobalSetup } from '@sports/common/testing';
import { MIGRATIONS } from '../database/migrations';

export default createGlobalSetup({ service: 'health', migrations: MIGRATIONS });
