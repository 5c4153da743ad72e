/**
 * Issue 41, "every documented operation answers as documented": `decorest init --from` a
 * document, `decorest serve` it, then for every operation send the request the document itself
 * describes (path parameters from its examples or the imported seed, the operation's example
 * body) and check the answer: a status the operation documents (a success: the request is a
 * valid one) and a body that validates, with ajv, against the documented response schema.
 * The documents are our own, in the shapes of the Swagger Petstore (3.0) and RealWorld (3.1).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { dereference } from '@readme/openapi-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { rawRequest } from '../test-support/http-client.js';

// ajv-formats is CommonJS with `exports.default`; NodeNext types see the namespace object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = { [key: string]: unknown };
const isJson = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Operations that do not conform yet, each with why. Nested objects (`Pet.category`,
 * `Article.author`) are object fields now (issue 41, point 3); what is left is a create body
 * that lacks what the server fills in. The test checks these still fail, so the list shrinks
 * as they are fixed.
 */
const KNOWN_GAPS: Readonly<Record<string, string>> = {};

/** OpenAPI 3.0's `nullable` as JSON Schema (`type: [t, 'null']`); `example` dropped. */
function jsonSchemaOf(schema: unknown, v30: boolean, seen = new Map<unknown, unknown>()): unknown {
  if (Array.isArray(schema)) return schema.map((s) => jsonSchemaOf(s, v30, seen));
  if (!isJson(schema)) return schema;
  if (seen.has(schema)) return seen.get(schema);
  const out: Json = {};
  seen.set(schema, out);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'xml' || key === 'nullable') continue;
    out[key] =
      key === 'properties' && isJson(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSchemaOf(v, v30, seen)]))
        : jsonSchemaOf(value, v30, seen);
  }
  if (v30 && schema.nullable === true && typeof out.type === 'string')
    out.type = [out.type, 'null'];
  return out;
}

interface Case {
  name: string;
  method: string;
  path: string;
  op: Json;
}

function casesOf(doc: Json): Case[] {
  const cases: Case[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const method of METHODS) {
      const op = (item as Json)[method];
      if (isJson(op)) cases.push({ name: `${method.toUpperCase()} ${path}`, method, path, op });
    }
  // Deletes last: the other operations need the documented records.
  return [
    ...cases.filter((c) => c.method !== 'delete'),
    ...cases.filter((c) => c.method === 'delete'),
  ];
}

const jsonMedia = (holder: unknown): Json | undefined => {
  const content = isJson(holder) ? holder.content : undefined;
  if (!isJson(content)) return undefined;
  const type = Object.keys(content).find((t) => /json/i.test(t));
  return type === undefined ? undefined : (content[type] as Json);
};

function exampleOf(media: Json | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = isJson(media.examples) ? Object.values(media.examples)[0] : undefined;
  return isJson(first) ? first.value : undefined;
}

/** A record schema or the one a single-property wrapper holds (`{ article: Article }`). */
function itemSchema(schema: unknown): unknown {
  if (!isJson(schema) || !isJson(schema.properties)) return schema;
  const values = Object.values(schema.properties);
  return values.length === 1 && isJson(values[0]) && isJson(values[0].properties)
    ? values[0]
    : schema;
}

const serving: ServeProcess[] = [];
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'decorest-openapi-conformance-'));
});
afterAll(async () => {
  for (const s of serving) {
    s.child.kill('SIGKILL');
    await s.exited();
  }
  await rm(root, { recursive: true, force: true });
});

describe.each(['pet-shop-3.0.yaml', 'conduit-3.1.yaml'])('every operation of %s', (file) => {
  it('answers a documented status and a body valid against its documented schema', async () => {
    const source = fileURLToPath(new URL(`./fixtures/${file}`, import.meta.url));
    const dir = join(root, file.replace(/\W/g, '-'));
    const init = await runCli(['init', dir, '--from', source]);
    expect(init.code, init.stderr).toBe(0);
    const server = await startServeProcess([dir, '--port', '0', '--quiet']);
    serving.push(server);

    const doc = (await dereference(parseYaml(await readFile(source, 'utf8')) as never)) as Json;
    const v30 = String(doc.openapi).startsWith('3.0');
    const ajv = v30
      ? new Ajv({ strict: false, allErrors: true })
      : new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
    const compiled = new Map<unknown, ValidateFunction>();
    const validator = (schema: unknown) => {
      if (!compiled.has(schema))
        compiled.set(schema, ajv.compile(jsonSchemaOf(schema, v30) as Json));
      return compiled.get(schema)!;
    };
    const servers = doc.servers as { url: string }[] | undefined;
    const base = (servers?.[0]?.url ?? '').replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/\/$/, '');
    const seeds: Json[] = [];
    for (const name of await readdir(join(dir, 'seed')))
      seeds.push(...(JSON.parse(await readFile(join(dir, 'seed', name), 'utf8')) as Json[]));

    // The record schema each path answers, for path parameters of operations without one.
    const pathSchema = new Map<string, unknown>();
    for (const c of casesOf(doc)) {
      const ok = Object.entries(c.op.responses as Json).find(([s]) => /^2/.test(s))?.[1];
      const schema = jsonMedia(ok)?.schema;
      if (schema !== undefined && !pathSchema.has(c.path))
        pathSchema.set(c.path, itemSchema(schema));
    }
    // A seed record of that schema: its keys are the schema's properties (and decorest's id).
    const seedFor = (schema: unknown, key?: string): Json | undefined => {
      const properties =
        isJson(schema) && isJson(schema.properties) ? schema.properties : undefined;
      if (!properties) return undefined;
      return seeds.find(
        (r) =>
          Object.keys(r).every((k) => k === 'id' || k in properties) &&
          (key === undefined || key in r || /id$/i.test(key)),
      );
    };

    const failures: string[] = [];
    const passed: string[] = [];
    for (const c of casesOf(doc)) {
      const parameters = (c.op.parameters ?? []) as Json[];
      const pathItem = (doc.paths as Json)[c.path] as Json;
      const all = [...((pathItem.parameters ?? []) as Json[]), ...parameters];
      const url = c.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
        const declared = all.find((p) => p.name === name && p.in === 'path');
        const given = declared?.example ?? (declared?.schema as Json | undefined)?.example;
        const record = seedFor(pathSchema.get(c.path), name);
        const value = given ?? record?.[name] ?? (/id$/i.test(name) ? record?.id : undefined);
        return encodeURIComponent(String(value ?? '1'));
      });
      const body = jsonMedia(c.op.requestBody);
      let sent = exampleOf(body);
      if (sent === undefined && body) {
        const like = seedFor(body.schema);
        if (like) {
          sent = { ...like };
          if (c.method === 'post') delete (sent as Json).id;
        }
      }
      const answer = await rawRequest(server.url, c.method.toUpperCase(), `${base}${url}`, {
        headers: sent === undefined ? {} : { 'content-type': 'application/json' },
        ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
      });
      const responses = c.op.responses as Json;
      const documented = Object.keys(responses);
      const successes = documented.filter((s) => /^2/.test(s) || s === 'default');
      const status = String(answer.status);
      // A valid request gets a success; an operation documenting none (the Petstore's
      // DELETE /user/{username}) may answer 200.
      const ok =
        successes.length === 0
          ? status === '200'
          : successes.some((s) => s === status || s === 'default' || s === `${status[0]}XX`);
      const problems: string[] = [];
      if (!ok)
        problems.push(
          `status ${status} (documented ${documented.join(', ')}): ${answer.text.slice(0, 200)}`,
        );
      else {
        const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
        const schema = jsonMedia(response)?.schema;
        if (schema !== undefined) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(answer.text);
          } catch {
            problems.push(`a body that is not JSON: ${answer.text.slice(0, 100)}`);
          }
          const validate = validator(schema);
          if (parsed !== undefined && !validate(parsed))
            problems.push(`body ${ajv.errorsText(validate.errors)}: ${answer.text.slice(0, 200)}`);
        }
      }
      const name = `${file} ${c.name}`;
      if (problems.length > 0) failures.push(`${name}: ${problems.join('; ')}`);
      else passed.push(name);
    }
    const unexpected = failures.filter(
      (f) => !Object.keys(KNOWN_GAPS).some((k) => f.startsWith(`${k}:`)),
    );
    expect(unexpected).toEqual([]);
    // A known gap that now passes is taken off the list.
    expect(passed.filter((p) => KNOWN_GAPS[p] !== undefined)).toEqual([]);
    expect(passed.length).toBeGreaterThanOrEqual(3);
  });
});

describe("pet-shop-3.0.yaml's finders", () => {
  it('filter the records: findByStatus by status (its documented default when left out), findByTags by a tag', async () => {
    const source = fileURLToPath(new URL('./fixtures/pet-shop-3.0.yaml', import.meta.url));
    const dir = join(root, 'finders');
    const init = await runCli(['init', dir, '--from', source]);
    expect(init.code, init.stderr).toBe(0);
    const server = await startServeProcess([dir, '--port', '0', '--quiet']);
    serving.push(server);
    const send = async (method: string, path: string, body?: unknown) => {
      const answer = await rawRequest(server.url, method, `/api/v3${path}`, {
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: answer.status, json: JSON.parse(answer.text || 'null') as unknown };
    };
    const pet = (id: number, status: string, tags: string[]) => ({
      id,
      name: `pet ${id}`,
      photoUrls: [],
      status,
      tags: tags.map((name, i) => ({ id: i + 1, name })),
    });
    for (const body of [
      pet(101, 'available', ['dogs', 'small']),
      pet(102, 'pending', ['cats']),
      pet(103, 'sold', ['dogs']),
    ])
      expect((await send('POST', '/pet', body)).status).toBe(200);
    const ids = async (path: string) => {
      const answer = await send('GET', path);
      expect(answer.status, path).toBe(200);
      return (answer.json as { id: number }[])
        .map((p) => p.id)
        .filter((id) => id > 100)
        .sort();
    };
    expect(await ids('/pet/findByStatus?status=pending')).toEqual([102]);
    expect(await ids('/pet/findByStatus?status=pending,sold')).toEqual([102, 103]);
    expect(await ids('/pet/findByStatus')).toEqual([101]);
    expect(await ids('/pet/findByTags?tags=dogs')).toEqual([101, 103]);
    expect(await ids('/pet/findByTags?tags=cats&tags=small')).toEqual([101, 102]);
  });
});
