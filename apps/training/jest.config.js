const path = require('node:path');
const { jestProjectConfig } = require('../../jest.preset');

module.exports = jestProjectConfig(__dirname, 'src/testing', {
  warmApp: {
    file: path.join(__dirname, 'src/testing/training-app-factory.ts'),
    name: 'bootTrainingTestApp',
  },
});
