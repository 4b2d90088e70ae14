// The baseline of the foundation benchmark: a minimal NestJS 11 + Express 5 application (one
// controller, the framework's defaults: body parser on, no middleware of ours) answering
// GET <ROUTE> with the JSON in BODY. Started as its own process so that its CPU time can be
// read from /proc like the services'. Env: PORT, ROUTE (e.g. /api/version), BODY (JSON text).
const path = require('node:path');
const { createRequire } = require('node:module');

const fromCommon = createRequire(
  path.join(__dirname, '..', '..', 'libs', 'common', 'package.json'),
);
fromCommon('reflect-metadata');
const { Controller, Get, Module } = fromCommon('@nestjs/common');
const { NestFactory } = fromCommon('@nestjs/core');

const route = process.env.ROUTE ?? '/api/version';
const body = JSON.parse(process.env.BODY ?? '{}');

class MinimalController {
  answer() {
    return body;
  }
}
Controller()(MinimalController);
const descriptor = Object.getOwnPropertyDescriptor(MinimalController.prototype, 'answer');
Get(route)(MinimalController.prototype, 'answer', descriptor);

class MinimalModule {}
Module({ controllers: [MinimalController] })(MinimalModule);

// Exit on SIGTERM (so that --cpu-prof writes its profile).
process.on('SIGTERM', () => process.exit(0));

(async () => {
  const app = await NestFactory.create(MinimalModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.stdout.write('ready\n');
})();
