import { describe, expect, it } from 'vitest';

import { methodChoices, takesBody } from './console-method';
import { useConsoleStore } from './console-store';

describe('the method menu (issue 41)', () => {
  it('offers QUERY, and keeps an imported method the menu does not list', () => {
    expect(methodChoices('GET')).toContain('QUERY');
    expect(methodChoices('QUERY')).toEqual(methodChoices('GET'));
    expect(methodChoices('PROPFIND')).toEqual([...methodChoices('GET'), 'PROPFIND']);
  });

  it('holds a loaded QUERY request as QUERY, with its body', () => {
    useConsoleStore
      .getState()
      .loadRequest({ method: 'QUERY', url: '/items/search', body: '{"text":"jacket"}' });
    const s = useConsoleStore.getState();
    expect(s.method).toBe('QUERY');
    expect(methodChoices(s.method)).toContain(s.method);
    expect(takesBody(s.method)).toBe(true);
  });
});
