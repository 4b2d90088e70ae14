import { createGlobalSetup } from '@sports/common/testing';
import { MIGRATIONS } from '../database/migrations';

export default createGlobalSetup({ service: 'training', migrations: MIGRATIONS });
