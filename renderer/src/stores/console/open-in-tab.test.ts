import { beforeEach, describe, expect, it } from 'vitest';

import { type OpenRequest, useCollectionStore } from '../collection/collection-store';
import type { TabState } from './console-state';
import { useConsoleStore } from './console-store';
import { inAFreeTab, isBlankTab } from './open-in-tab';
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

describe('a request opened from elsewhere again', () => {
  beforeEach(() => {
    useConsoleStore.setState(useConsoleStore.getInitialState(), true);
    useCollectionStore.setState({ openByTab: {}, open: null });
  });
  const open = (url: string) =>
    inAFreeTab(() => useConsoleStore.getState().loadRequest({ method: 'GET', url, body: '' }));
  const shown = () => useConsoleStore.getState();

  it('shows the unedited tab that holds it instead of adding one per open', () => {
    open('/todos');
    shown().patchTab(shown().activeTab, { response: { status: 200 } as TabState['response'] });
    const first = shown().activeTab;
    open('/users');
    open('/todos');
    open('/todos');
    expect(shown().tabs).toHaveLength(2);
    expect(shown().activeTab).toBe(first);
    // Its answer stays until it is sent again.
    expect(shown().response?.status).toBe(200);
  });

  it('opens a tab of its own when the one holding it was edited, or is tied to a file', () => {
    open('/todos');
    shown().setBody('{"edited":true}');
    open('/todos');
    expect(shown().tabs).toHaveLength(2);
    const second = shown().activeTab;
    useCollectionStore.setState({
      openByTab: { [second]: { entry: {} as OpenRequest['entry'], snapshot: '' } },
    });
    open('/todos');
    expect(shown().tabs).toHaveLength(3);
    expect(shown().url).toBe('/todos');
  });

  it('is not a tab whose path parameters were filled in since', () => {
    open('/todos/:id');
    const first = shown().activeTab;
    shown().setPathParams([{ name: 'id', value: '7', enabled: true }]);
    open('/todos/:id');
    expect(shown().tabs).toHaveLength(2);
    expect(shown().activeTab).not.toBe(first);
  });

  it('from a blank tab, shows the tab holding it already and leaves the blank one', () => {
    open('/todos');
    const first = shown().activeTab;
    shown().newTab();
    const blank = shown().activeTab;
    open('/todos');
    expect(shown().activeTab).toBe(first);
    expect(shown().tabs.map((t) => t.id)).toEqual([first, blank]);
    // A new request from the blank tab takes its place.
    shown().switchTab(blank);
    open('/users');
    expect(shown().tabs).toHaveLength(2);
    expect(shown().tabs[0]!.id).toBe(first);
    expect(shown().url).toBe('/users');
  });
});
