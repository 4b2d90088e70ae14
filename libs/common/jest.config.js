const { jestProjectConfig } = require('../../jest.preset');

module.exports = {
  ...jestProjectConfig(__dirname, 'test'),
  testMatch: ['<rootDir>/{src,test}/**/*.{spec,e2e-spec}.ts'],
};
