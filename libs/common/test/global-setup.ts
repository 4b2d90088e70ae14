import { createGlobalSetup } from '../src/testing/test-database';
import { Fixture1700000000000 } from './fixture-migration';

export default createGlobalSetup({ service: 'common', migrations: [Fixture1700000000000] });
