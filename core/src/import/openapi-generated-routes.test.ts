/**
 * An OpenAPI import leaves to decorest what its generated routes answer as documented: such an
 * operation gets no route of its own, and the query parameters it names are the generated
 * route's (json-server's list controls are read there, not said unread).
 */
import { describe, expect, it } from 'vitest';

import { readOpenApi } from './openapi-read.js';
import { doc } from './test-support/openapi-docs.js';

describe('operations decorest answers itself', () => {
  it('leaves out a documented route that a generated route answers, and a list of non-records', async () => {
    const list = (items: object) => ({
      get: {
        responses: {
          '200': {
            content: {
              'application/json': { schema: { type: 'array', items }, example: ['a'] },
            },
          },
        },
      },
    });
    const plan = await readOpenApi(
      'api.json',
      doc(
        {
          '/authors': list({ $ref: '#/components/schemas/Author' }),
          '/books': list({ $ref: '#/components/schemas/Book' }),
          '/authors/{authorId}/books': list({ $ref: '#/components/schemas/Book' }),
          '/tags': list({ type: 'string' }),
        },
        {
          Author: { type: 'object', properties: { id: { type: 'integer' } } },
          // Required: an optional non-null xId stays a number (a link answers null while unset).
          Book: {
            type: 'object',
            required: ['authorId'],
            properties: { id: { type: 'integer' }, authorId: { type: 'integer' } },
          },
        },
      ),
    );
    expect(plan.models.map((m) => m.name)).toEqual(['Author', 'Book']);
    expect(plan.routes).toEqual([
      { method: 'GET', path: '/tags', status: 200, body: ['a'], source: '#/paths/~1tags/get' },
    ]);
    expect(plan.notes).toContainEqual({
      kind: 'not-imported',
      at: '#/paths/~1authors~1{authorId}~1books/get',
      text: "GET /authors/{authorId}/books: answered by decorest's generated route GET /authors/:authorId/books, not by the example",
    });
  });

  it("says json-server's list controls unread only on a list it keeps, not on the generated one", async () => {
    const params = ['_sort', '_page', 'q', 'colour'].map((name) => ({
      name,
      in: 'query',
      schema: { type: 'string' },
    }));
    const list = (status: string) => ({
      get: {
        parameters: params,
        responses: {
          [status]: {
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
              },
            },
          },
        },
      },
    });
    const unread = async (status: string) => {
      const plan = await readOpenApi(
        'api.json',
        doc(
          { '/things': list(status) },
          { Thing: { type: 'object', properties: { id: { type: 'integer' } } } },
        ),
      );
      return plan.notes
        .filter((n) => n.text.includes('names no field'))
        .map((n) => /parameter (\S+)/.exec(n.text)![1]);
    };
    // Left to the generated GET /things, which reads _sort, _page and q (a 400 names colour).
    expect(await unread('200')).toEqual(['colour']);
    // A 206 keeps a documented list, which reads none of them.
    expect(await unread('206')).toEqual(['colour', '_sort', '_page', 'q']);
  });
});
