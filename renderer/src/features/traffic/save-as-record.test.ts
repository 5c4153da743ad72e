import { describe, expect, it } from 'vitest';

import type { ModelInfo, TrafficExchange } from '../../api';
import { todoModel } from '../../test-support/test-models';
import { draftRecord, modelForUrl } from './save-as-record';

const todo = todoModel;
const quote: ModelInfo = { ...todo, name: 'Quote', path: 'quotes', writable: false };

function exchange(over: Partial<TrafficExchange>): TrafficExchange {
  return {
    seq: 1,
    time: 0,
    method: 'GET',
    url: '/todos/1',
    status: 200,
    durationMs: 1,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: '',
    responseBody: '',
    requestTruncated: false,
    responseTruncated: false,
    requestBytes: 0,
    responseBytes: 0,
    ...over,
  };
}

describe('save as record', () => {
  it('finds the writable model the path names, under a prefix or a proxy path too', () => {
    expect(modelForUrl('/todos/3?embed=user', [todo])).toBe('Todo');
    expect(modelForUrl('/api/v2/todos', [todo])).toBe('Todo');
    expect(modelForUrl('/quotes/1', [todo, quote])).toBeNull();
    expect(modelForUrl('/nothing', [todo])).toBeNull();
  });

  it("keeps the model's fields, leaves the id and unknown keys out and says so", () => {
    const draft = draftRecord(
      exchange({ responseBody: '{"id":1,"content":"x","user":2,"extra":true}' }),
      [todo],
    );
    expect(draft).toEqual({
      ok: true,
      model: 'Todo',
      body: { content: 'x', user: 2 },
      leftOut: ['id', 'extra'],
    });
  });

  it('takes the request body of a refused write, and says why a body cannot be saved', () => {
    const refused = exchange({ method: 'POST', status: 422, requestBody: '{"content":"y"}' });
    expect(draftRecord(refused, [todo])).toMatchObject({ ok: true, body: { content: 'y' } });
    expect(draftRecord(exchange({ responseBody: '[1]' }), [todo])).toMatchObject({ ok: false });
    expect(draftRecord(exchange({ responseBody: 'oops' }), [todo])).toEqual({
      ok: false,
      reason: 'The body is not JSON.',
    });
    expect(
      draftRecord(exchange({ responseBody: '{}', responseTruncated: true }), [todo]),
    ).toMatchObject({ ok: false });
  });
});
