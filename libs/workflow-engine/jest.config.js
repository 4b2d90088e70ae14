const { jestProjectConfig } = require('../../jest.preset');

module.exports = jestProjectConfig(__dirname);
