import { createGlobalTeardown } from '@sports/common/testing';

export default createGlobalTeardown();
