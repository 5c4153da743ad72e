import { describe, expect, it } from 'vitest';

import { isBlankTab } from './open-in-tab';
import { freshTab } from './tabs-slice';

describe('a tab a request from elsewhere may fill', () => {
  it('is a new tab, or one still on the route it started on', () => {
    expect(isBlankTab(freshTab())).toBe(true);
    expect(isBlankTab({ ...freshTab(), url: '/todos', startedAt: '/todos' })).toBe(true);
  });

  it('is not one with anything a user made or got', () => {
    const fresh = freshTab();
    for (const used of [
      { url: '/todos' },
      { method: 'POST' },
      { body: '{}' },
      { auth: { kind: 'bearer' as const, token: 't' } },
      { assertions: [{ kind: 'status' as const, equals: 200, enabled: true }] },
      { response: { status: 200 } as unknown as typeof fresh.response },
    ])
      expect(isBlankTab({ ...fresh, ...used } as typeof fresh), JSON.stringify(used)).toBe(false);
  });
});
