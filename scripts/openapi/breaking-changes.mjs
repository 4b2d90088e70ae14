// `pnpm openapi:breaking` (run by CI): compares the committed documents apps/<service>/openapi.json
// with those of the previous commit (git show HEAD~1:…; a service without one there is skipped)
// and fails on a change that breaks a client built from the old document:
//   - a removed operation (paths compare with parameter names ignored: {id} = {pid}),
//   - a removed parameter, a new required parameter, a parameter that became required,
//   - in request bodies and parameters: a removed field (the services refuse unknown fields),
//     a new required field, a narrowed type (a type or null no longer accepted, an enum where
//     there was none) or a removed enum value,
//   - in response bodies: a removed field, a field that became optional, a changed type (one
//     the client does not know, null included) or a removed enum value.
// Added operations, fields, optional parameters and response enum values pass. Schemas under
// oneOf/anyOf are compared by their position; formats and bounds are not compared.
//
// A commit that breaks on purpose says so in its message, on a line of its own:
//   BREAKING-CHANGE: <what breaks and what clients do about it>
// The check then lists the changes and passes. `--base <rev>` compares with another commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
export const MARKER = 'BREAKING-CHANGE:';

/** True when the commit message has a `BREAKING-CHANGE: <reason>` line. */
export function marksBreakingChange(message) {
  return message.split('\n').some((line) => {
    const trimmed = line.trim();
    return trimmed.startsWith(MARKER) && trimmed.length > MARKER.length + 1;
  });
}

/** The breaking changes from document `before` to document `after`, one sentence each. */
export function breakingChanges(before, after) {
  const changes = [];
  const afterOps = operationsByKey(after);
  for (const [key, op] of operationsByKey(before)) {
    const next = afterOps.get(key);
    if (!next) {
      changes.push(`${op.label}: operation removed`);
      continue;
    }
    const cmp = new Comparison(before, after, changes);
    cmp.parameters(op, next);
    cmp.requestBody(op, next);
    cmp.responses(op, next);
  }
  return changes;
}

function operationsByKey(doc) {
  const ops = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      ops.set(key, { label: `${method.toUpperCase()} ${path}`, operation, parameters });
    }
  }
  return ops;
}

class Comparison {
  constructor(before, after, changes) {
    this.docs = { before, after };
    this.changes = changes;
    this.seen = new Set();
  }

  resolve(side, node) {
    let current = node;
    for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops += 1) {
      const ref = current.$ref;
      if (!ref.startsWith('#/')) return current;
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((at, part) => at?.[part], this.docs[side]);
    }
    return current;
  }

  parameters(op, next) {
    const index = (side, list) =>
      new Map(
        list
          .map((p) => this.resolve(side, p))
          .map((p) => [`${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p]),
      );
    const old = index('before', op.parameters);
    const now = index('after', next.parameters);
    for (const [key, param] of old) {
      if (param.in === 'path') continue; // path parameters are matched with the path itself
      const label = `${op.label}: ${param.in} parameter ${param.name}`;
      const current = now.get(key);
      if (!current) this.changes.push(`${label} removed`);
      else {
        if (current.required && !param.required) this.changes.push(`${label} became required`);
        this.schema(param.schema, current.schema, 'request', label);
      }
    }
    for (const [key, param] of now) {
      if (!old.has(key) && param.required && param.in !== 'path')
        this.changes.push(`${op.label}: new required ${param.in} parameter ${param.name}`);
    }
    const paths = (list) => [...list.values()].filter((p) => p.in === 'path');
    const newPaths = paths(now);
    paths(old).forEach((param, i) => {
      if (newPaths[i])
        this.schema(
          param.schema,
          newPaths[i].schema,
          'request',
          `${op.label}: path parameter ${param.name}`,
        );
    });
  }

  requestBody(op, next) {
    const old = this.resolve('before', op.operation.requestBody);
    const now = this.resolve('after', next.operation.requestBody);
    if (!now) {
      if (old) this.changes.push(`${op.label}: request body removed`);
      return;
    }
    if (!old) {
      if (now.required) this.changes.push(`${op.label}: new required request body`);
      return;
    }
    if (now.required && !old.required)
      this.changes.push(`${op.label}: request body became required`);
    for (const [type, media] of Object.entries(old.content ?? {})) {
      const label = `${op.label}: request ${type}`;
      const current = now.content?.[type];
      if (!current) this.changes.push(`${label} no longer accepted`);
      else this.schema(media.schema, current.schema, 'request', label);
    }
  }

  responses(op, next) {
    for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
      const old = this.resolve('before', response);
      const now = this.resolve('after', next.operation.responses?.[status]);
      if (!now) continue; // an answer no longer given is not a client's problem
      for (const [type, media] of Object.entries(old.content ?? {})) {
        const label = `${op.label}: response ${status} ${type}`;
        const current = now.content?.[type];
        if (!current) this.changes.push(`${label} removed`);
        else this.schema(media.schema, current.schema, 'response', label);
      }
    }
  }

  /** `direction`: 'request' (the client sends it) or 'response' (the client reads it). */
  schema(oldNode, newNode, direction, label) {
    if (!oldNode || !newNode) return;
    const pair = `${direction} ${oldNode.$ref ?? ''} ${newNode.$ref ?? ''}`;
    if ((oldNode.$ref || newNode.$ref) && this.seen.has(pair)) return;
    this.seen.add(pair);
    const old = this.flatten('before', oldNode);
    const now = this.flatten('after', newNode);
    this.types(old, now, direction, label);
    this.enums(old, now, direction, label);
    this.properties(old, now, direction, label);
    this.schema(old.items, now.items, direction, `${label}[]`);
    if (
      typeof old.additionalProperties === 'object' &&
      typeof now.additionalProperties === 'object'
    )
      this.schema(old.additionalProperties, now.additionalProperties, direction, `${label}{}`);
    for (const keyword of ['oneOf', 'anyOf']) {
      (old[keyword] ?? []).forEach((member, i) =>
        this.schema(member, now[keyword]?.[i], direction, `${label} ${keyword}[${i}]`),
      );
    }
  }

  /** The schema with its $ref resolved and its allOf members merged. */
  flatten(side, node) {
    const schema = this.resolve(side, node) ?? {};
    if (!schema.allOf) return schema;
    const merged = {
      ...schema,
      properties: { ...schema.properties },
      required: [...(schema.required ?? [])],
    };
    delete merged.allOf;
    for (const member of schema.allOf.map((m) => this.flatten(side, m))) {
      Object.assign(merged.properties, member.properties);
      merged.required.push(...(member.required ?? []));
      for (const key of ['type', 'enum', 'items', 'nullable']) merged[key] ??= member[key];
    }
    return merged;
  }

  types(old, now, direction, label) {
    const was = typeSet(old);
    const is = typeSet(now);
    if (!was || !is) {
      // No type means any value: a request may stop being typed, a response may not.
      if (was && !is && direction === 'response')
        this.changes.push(`${label}: type ${[...was].join(' | ')} changed to any`);
      if (!was && is && direction === 'request')
        this.changes.push(`${label}: any value narrowed to ${[...is].join(' | ')}`);
      return;
    }
    const [wider, narrower] = direction === 'request' ? [is, was] : [was, is];
    const lost = [...narrower].filter((t) => !covers(wider, t));
    if (!lost.length) return;
    this.changes.push(
      direction === 'request'
        ? `${label}: type narrowed from ${[...was].join(' | ')} to ${[...is].join(' | ')}`
        : `${label}: type changed from ${[...was].join(' | ')} to ${[...is].join(' | ')}`,
    );
  }

  enums(old, now, direction, label) {
    if (!now.enum) return;
    if (!old.enum) {
      if (direction === 'request')
        this.changes.push(`${label}: enum ${JSON.stringify(now.enum)} added`);
      return;
    }
    const removed = old.enum.filter((v) => !now.enum.includes(v));
    if (removed.length)
      this.changes.push(`${label}: ${direction} enum value(s) ${JSON.stringify(removed)} removed`);
  }

  properties(old, now, direction, label) {
    const wasRequired = new Set(old.required ?? []);
    const isRequired = new Set(now.required ?? []);
    for (const [name, schema] of Object.entries(old.properties ?? {})) {
      const field = `${label} field ${name}`;
      const current = now.properties?.[name];
      if (!current) {
        if (now.properties || now.additionalProperties === false || direction === 'response')
          this.changes.push(`${field} removed`);
        continue;
      }
      if (direction === 'response' && wasRequired.has(name) && !isRequired.has(name))
        this.changes.push(`${field} became optional`);
      if (direction === 'request' && isRequired.has(name) && !wasRequired.has(name))
        this.changes.push(`${field} became required`);
      this.schema(schema, current, direction, field);
    }
    if (direction !== 'request') return;
    for (const name of isRequired) {
      if (!old.properties?.[name]) this.changes.push(`${label}: new required field ${name}`);
    }
  }
}

/** The set of JSON types a schema allows (3.0 `nullable` and 3.1 type arrays), or undefined for any. */
function typeSet(schema) {
  let types = schema.type;
  if (types === undefined && schema.properties) types = 'object';
  if (types === undefined && schema.items) types = 'array';
  if (types === undefined) return schema.enum ? new Set(schema.enum.map(jsonType)) : undefined;
  const set = new Set(Array.isArray(types) ? types : [types]);
  if (schema.nullable) set.add('null');
  return set;
}

function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function covers(set, type) {
  return set.has(type) || (type === 'integer' && set.has('number'));
}

function git(args) {
  // The documents are over a megabyte: the default 1 MB buffer would fail (ENOBUFS).
  return execFileSync('git', args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  process.chdir(root);
  const at = process.argv.indexOf('--base');
  const base = at > 0 ? process.argv[at + 1] : 'HEAD~1';
  const found = [];
  for (const service of ['health', 'training']) {
    const file = `apps/${service}/openapi.json`;
    let previous;
    try {
      previous = JSON.parse(git(['show', `${base}:${file}`]));
    } catch (error) {
      // Only a document the base commit does not have is skipped; any other failure fails.
      if (!/does not exist|exists on disk, but not in/.test(String(error.stderr ?? '')))
        throw error;
      process.stdout.write(`${file}: none at ${base}, nothing to compare\n`);
      continue;
    }
    const changes = breakingChanges(previous, JSON.parse(readFileSync(file, 'utf8')));
    process.stdout.write(`${file}: ${changes.length} breaking change(s) since ${base}\n`);
    found.push(...changes.map((c) => `  ${service}: ${c}`));
  }
  if (!found.length) return;
  process.stdout.write(`${found.join('\n')}\n`);
  if (marksBreakingChange(git(['log', '-1', '--format=%B']))) {
    process.stdout.write(`The commit message marks them (${MARKER}): passed.\n`);
    return;
  }
  process.stderr.write(
    `Breaking API changes. Avoid them, or say why in the commit message on a line\n` +
      `"${MARKER} <what breaks and what clients do about it>".\n`,
  );
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
