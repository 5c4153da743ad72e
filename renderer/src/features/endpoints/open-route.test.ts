import { afterEach, describe, expect, it } from 'vitest';

import type { ModelInfo, RouteInfo } from '../../api';
import { useConsoleStore } from '../../stores/console/console-store';
import { useModelsStore } from '../../stores/models/models-store';
import { todoModel } from '../../test-support/test-models';
import { openRoute } from './open-route';

const todo: ModelInfo = { ...todoModel, relations: [] };

const route = (method: RouteInfo['method'], path: string, over: Partial<RouteInfo> = {}) =>
  ({ method, path, kind: 'generated', model: 'Todo', ...over }) as RouteInfo;

const initialModels = useModelsStore.getState();
afterEach(() => useModelsStore.setState(initialModels, true));

describe('openRoute', () => {
  it('fills a create with the model’s fields, a PATCH with nothing', () => {
    useModelsStore.setState({ models: [todo] });
    openRoute(route('POST', '/todos'));
    expect(JSON.parse(useConsoleStore.getState().body)).toEqual({ content: '' });
    openRoute(route('PATCH', '/todos/:id'));
    expect(useConsoleStore.getState().body).toBe('{}');
  });

  it('names record 1 for a read only; a write waits for the user to name its record', () => {
    useModelsStore.setState({ models: [todo] });
    openRoute(route('GET', '/todos/:id'));
    expect(useConsoleStore.getState().pathParams).toEqual([
      { name: 'id', value: '1', enabled: true },
    ]);
    openRoute(route('DELETE', '/todos/:id'));
    expect(useConsoleStore.getState().pathParams).toEqual([
      { name: 'id', value: '', enabled: true },
    ]);
  });

  it('finds the model of a manual route by its path', () => {
    useModelsStore.setState({ models: [todo] });
    openRoute(route('POST', '/todos', { kind: 'manual', model: undefined }));
    expect(JSON.parse(useConsoleStore.getState().body)).toEqual({ content: '' });
  });
});
