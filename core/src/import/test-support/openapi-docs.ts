/** A document or plan of the OpenAPI reader's tests, built or read the same way by each. */
import { readFile } from 'node:fs/promises';

import { expect } from 'vitest';

import { ImportError, type ImportPlan, type PlannedModel } from '../import-plan.js';
import { readOpenApi } from '../openapi-read.js';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** The plan of a fixture document. */
export async function fixture(name: string): Promise<ImportPlan> {
  return readOpenApi(name, await readFile(new URL(name, FIXTURES), 'utf8'));
}

export const model = (plan: ImportPlan, name: string): PlannedModel => {
  const found = plan.models.find((m) => m.name === name);
  if (!found) throw new Error(`no model ${name} in ${plan.models.map((m) => m.name).join(', ')}`);
  return found;
};

export const field = (m: PlannedModel, name: string) => m.fields.find((f) => f.name === name);

/** A minimal 3.1 document around the given paths and schemas. */
export const doc = (paths: object, schemas: object = {}): string =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas },
  });

/** `/things` answering a list of `schema`, with its item path. */
export const collection = (schema: object) => ({
  '/things': {
    get: {
      responses: {
        '200': { content: { 'application/json': { schema: { type: 'array', items: schema } } } },
      },
    },
  },
  '/things/{id}': { delete: { responses: { '204': { description: 'gone' } } } },
});

/** The ImportError reading `text` ends in. */
export async function refusal(text: string, file = 'api.json'): Promise<ImportError> {
  const error = await readOpenApi(file, text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}
