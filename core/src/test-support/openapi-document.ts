/**
 * The OpenAPI document a served project sends from its `/openapi.json` (issue 4), for the
 * `openapi/build-openapi-*.test.ts` files: its shape as the tests read it, projects served for
 * the calling file and disposed after each test, the real OpenAPI 3.1 validator's messages, and
 * the references a problem answer is expected to hold.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { validate } from '@readme/openapi-parser';
import { afterEach, expect } from 'vitest';

import type { RouteDefinition } from '../http/types.js';
import { jsonRequest } from './http-client.js';
import { serveCopy, type ServedProject } from './project-server.js';

export const BLOG = new URL('../app/fixtures/blog', import.meta.url).pathname;
export const PETS = new URL('../app/fixtures/pets', import.meta.url).pathname;

export type Schema = Record<string, unknown>;

export interface MediaType {
  schema: Schema;
  example?: unknown;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, { schema: Schema }>;
  content?: Record<string, MediaType>;
}

export interface OperationObject {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { description: string; content: Record<string, MediaType> }>;
  };
}

/**
 * Registers the calling file's `afterEach` that disposes what it served, and answers how to
 * serve a copy of a project there.
 */
export function useServedProjects(): (source: string) => Promise<ServedProject> {
  const running: ServedProject[] = [];

  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.dispose()));
  });

  return async (source) => {
    const project = await serveCopy(source);
    running.push(project);
    return project;
  };
}

/** What {@link useServedCopies} serves: copies made for one test, gone after it. */
export interface ServedCopies {
  /** A copy of `source` with no `seed/` folder (and no data): every example is made up. */
  withoutSeed(source: string): Promise<ServedProject>;
  /** A project of `files` (name → text) in a temp folder. */
  ofFiles(files: Readonly<Record<string, string>>): Promise<ServedProject>;
  /** A project served elsewhere (a restart) to dispose with the others. */
  adopt(project: ServedProject): ServedProject;
}

/**
 * Registers the calling file's `afterEach` that disposes what it served and removes the
 * folders it made, for the tests that compare a document's examples with live answers.
 */
export function useServedCopies(): ServedCopies {
  const running: ServedProject[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.dispose()));
    await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  const serve = async (dir: string) => {
    const project = await serveCopy(dir);
    running.push(project);
    return project;
  };
  const folder = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'decorest-openapi-'));
    folders.push(dir);
    return dir;
  };
  return {
    async withoutSeed(source) {
      const dir = await folder();
      await cp(source, dir, {
        recursive: true,
        filter: (src) => !/[\\/](seed|data)([\\/]|$)/.test(src.slice(source.length)),
      });
      return serve(dir);
    },
    async ofFiles(files) {
      const dir = await folder();
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      return serve(dir);
    },
    adopt(project) {
      running.push(project);
      return project;
    },
  };
}

/** The document `project` answers at `/openapi.json`, as the calling test types it. */
export async function documentOf<Document>(project: ServedProject): Promise<Document> {
  const answer = await jsonRequest(project.url, 'GET', '/openapi.json');
  expect(answer.status).toBe(200);
  return answer.json as Document;
}

/** The route serving the document itself, which the document leaves out. */
export const isOpenApiRoute = (route: RouteDefinition): boolean => route.operation === 'openapi';

/** The document the running server sends from its `/openapi.json`. */
export async function servedDocument(project: ServedProject): Promise<OpenApiDocument> {
  const route = project.project.table.routes.find(isOpenApiRoute);
  expect(route?.path).toMatch(/\/openapi\.json$/);
  const answer = await jsonRequest(project.url, 'GET', route!.path);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return answer.json as OpenApiDocument;
}

/** The messages of the real OpenAPI 3.1 validator; empty when the document is valid. */
export async function validationErrors(doc: unknown): Promise<string[]> {
  // The validator dereferences in place: give it a copy.
  const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** A route's path (`/todos/:id`) as OpenAPI writes it (`/todos/{id}`). */
export const toOpenApiPath = (path: string): string => path.replace(/:([^/]+)/g, '{$1}');

/** The operation at `method` (lower case) and `path`; the test fails naming it when absent. */
export function operationOf(doc: OpenApiDocument, method: string, path: string): OperationObject {
  const operation = doc.paths[path]?.[method];
  expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
  return operation!;
}

/** A reference to one of `components.schemas`. */
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** A problem answer: the Problem schema and an example of this status (issue 43). */
export const problemRef = (status: number): ResponseObject => ({
  description: expect.any(String) as string,
  content: {
    'application/problem+json': {
      schema: ref('Problem'),
      example: expect.objectContaining({ status }) as unknown,
    },
  },
});
/** Any example: what they hold is openapi-examples.test.ts's concern. */
export const anExample = expect.anything() as unknown;
