import { createGlobalTeardown } from '../src/testing/test-database';

export default createGlobalTeardown();
