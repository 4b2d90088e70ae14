// `pnpm openapi:write`: writes apps/<service>/openapi.json, the document each service serves at
// /api/docs-json, from the built services (the root script builds them first). The document is
// made by the function behind the served one (buildOpenApiDocument in libs/common) with the
// module graph scanned in preview mode: no database is needed. `--check` writes nothing and
// fails when a committed file differs. The README's error catalogue tables (between the
// `<!-- error-catalogue:<service> -->` markers) are written from the same documents.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVICES = [
  { name: 'health', loadConfig: 'loadHealthConfig' },
  { name: 'training', loadConfig: 'loadTrainingConfig' },
];
const check = process.argv.includes('--check');

let stale = 0;
const readmeFile = join(root, 'README.md');
const readme = readFileSync(readmeFile, 'utf8');
let nextReadme = readme;
for (const service of SERVICES) {
  const dir = join(root, 'apps', service.name);
  const require = createRequire(join(dir, 'package.json'));
  require('reflect-metadata');
  const { generateOpenApiDocument, openApiJson } = require('@sports/common');
  const { AppModule } = require(join(dir, 'dist/app.module.js'));
  const { RELEASE, SERVICE_DESCRIPTION } = require(join(dir, 'dist/release.js'));
  const config = require(join(dir, 'dist/config.js'))[service.loadConfig]({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  });
  const document = await generateOpenApiDocument({
    module: AppModule.forRoot(config, 'postgres://unused'),
    release: RELEASE,
    description: SERVICE_DESCRIPTION,
  });
  nextReadme = withCatalogue(nextReadme, service.name, document);
  const file = join(dir, 'openapi.json');
  const text = openApiJson(document);
  const committed = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  })();
  const operations = Object.values(document.paths).reduce(
    (n, item) => n + Object.keys(item).filter((k) => k !== 'parameters').length,
    0,
  );
  if (committed === text) {
    process.stdout.write(`${relative(root, file)}: up to date (${operations} operations)\n`);
  } else if (check) {
    process.stderr.write(
      `${relative(root, file)}: differs from the code; run pnpm openapi:write\n`,
    );
    stale += 1;
  } else {
    writeFileSync(file, text);
    process.stdout.write(`${relative(root, file)}: written (${operations} operations)\n`);
  }
}
// The README as Prettier writes it (tables aligned), so that `prettier --check` agrees.
const prettier = await import('prettier');
nextReadme = await prettier.format(nextReadme, {
  ...(await prettier.resolveConfig(readmeFile)),
  filepath: readmeFile,
});
if (nextReadme === readme) {
  process.stdout.write('README.md: error catalogues up to date\n');
} else if (check) {
  process.stderr.write(
    'README.md: error catalogues differ from the code; run pnpm openapi:write\n',
  );
  stale += 1;
} else {
  writeFileSync(readmeFile, nextReadme);
  process.stdout.write('README.md: error catalogues written\n');
}
process.exit(stale ? 1 : 0);

/** The README with the service's catalogue table (the ErrorCode schema's table) between its markers. */
function withCatalogue(text, name, document) {
  const start = `<!-- error-catalogue:${name} -->`;
  const end = `<!-- /error-catalogue:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`);
  const description = document.components.schemas.ErrorCode.description;
  const table = description.slice(description.indexOf('| Code |'));
  return `${text.slice(0, from + start.length)}\n${table.trim()}\n${text.slice(to)}`;
}
