import { describe, expect, it } from 'vitest';

import type { OpenApiDocument } from '../../../api';
import { problemExample, successExample, valueOf } from './examples';
import { TODO_OPENAPI as doc } from './todo-openapi.fixture';

const ruled: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {},
  components: {
    schemas: {
      TaskCreate: {
        type: 'object',
        properties: {
          id: { type: 'integer', minimum: 1 },
          done: { type: 'boolean' },
          title: { type: 'string', minLength: 3 },
          size: { type: 'integer', maximum: 10 },
        },
        required: ['title'],
      },
      Mail: {
        type: 'object',
        properties: {
          email: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
          level: { enum: ['low', 'high'] },
        },
      },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('problemExample', () => {
  it('words a 422 as the validator does, on the first field with a rule', () => {
    expect(
      problemExample(ruled, {
        status: 422,
        instance: '/tasks',
        method: 'POST',
        model: 'Task',
        bodySchema: ref('TaskCreate'),
      }),
    ).toEqual({
      type: 'validation-error',
      title: 'Invalid task',
      status: 422,
      detail: 'title: must be at least 3 characters long',
      message: 'title: must be at least 3 characters long',
      instance: '/tasks',
      errors: [{ field: 'title', message: 'must be at least 3 characters long' }],
    });
  });

  it('reads a rule under a nullable anyOf, and an enum', () => {
    const problem = problemExample(ruled, {
      status: 422,
      instance: '/mails',
      method: 'POST',
      bodySchema: ref('Mail'),
    });
    expect(problem.errors).toEqual([
      { field: 'email', message: 'must be a valid email, got "not-an-email"' },
    ]);
  });

  it('answers each problem status in the RFC 9457 shape the server sends', () => {
    for (const status of [400, 404, 409, 413, 415, 500]) {
      const problem = problemExample(doc, { status, instance: '/todos/1', method: 'PUT' });
      expect(Object.keys(problem)).toEqual([
        'type',
        'title',
        'status',
        'detail',
        'message',
        'instance',
      ]);
      expect(problem.status).toBe(status);
      expect(problem.detail).toBe(problem.message);
    }
    expect(problemExample(doc, { status: 400, instance: '/todos/abc', method: 'GET' }).type).toBe(
      'malformed-id',
    );
  });
});

describe('successExample and valueOf', () => {
  it('takes a record from the seed examples, or the sample with an id', () => {
    expect(successExample(doc, ref('User'))).toEqual({ id: 1, name: 'Ann Lee' });
    expect(successExample(doc, ref('Quote'), { text: 'Hi', author: 'Me' })).toEqual({
      id: 1,
      text: 'Hi',
      author: 'Me',
    });
  });

  it('makes a value within the rules when nothing better is known', () => {
    expect(valueOf(ruled, ref('TaskCreate'))).toEqual({
      id: 1,
      done: false,
      title: 'text',
      size: 1,
    });
    expect(valueOf(ruled, ref('Mail'))).toEqual({ email: 'ann.lee@example.com', level: 'low' });
  });
});
