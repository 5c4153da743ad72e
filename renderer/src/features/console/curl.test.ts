import { describe, expect, it } from 'vitest';

import { parseCurl, toCurl } from './curl';

describe('curl', () => {
  it('round-trips a request through copy and paste', () => {
    const request = {
      method: 'POST',
      url: 'http://127.0.0.1:3000/todos',
      headers: [['Content-Type', 'application/json']] as [string, string][],
      body: `{"content":"it's done","completed":false}`,
    };
    expect(parseCurl(toCurl(request))).toEqual(request);
  });

  it('reads the forms people paste: line continuations, -d implying POST, --json', () => {
    const pasted = `curl "http://localhost:3000/users?limit=2" \\\n  -H 'Accept: application/json' \\\n  -d '{"name":"Ann"}'`;
    expect(parseCurl(pasted)).toEqual({
      method: 'POST',
      url: 'http://localhost:3000/users?limit=2',
      headers: [['Accept', 'application/json']],
      body: '{"name":"Ann"}',
    });
    expect(parseCurl(`curl --json '{"a":1}' http://x/y`)?.headers).toEqual([
      ['Content-Type', 'application/json'],
    ]);
  });

  it('answers null for text that is not a curl command', () => {
    expect(parseCurl('wget http://x')).toBeNull();
    expect(parseCurl('curl -H "A: b"')).toBeNull();
  });
});
