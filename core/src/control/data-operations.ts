/**
 * The control API's data and behaviour operations (issue 16): reset to the seed, save the
 * seed, fake records, and the mock API's latency, failure and proxy rules, set live.
 */
import type {
  DelayRule,
  FailRule,
  ImportResult,
  MockBehaviour,
  RouteBehaviour,
} from '../contract/control-api.js';
import { problems } from '../errors.js';
import type { BehaviourSettings } from '../http/behaviour.js';
import { checkFakeCount, fakeRecords, findModel } from '../seed/fake-records.js';
import { resetToSeed, saveSeed } from '../seed/seed-data.js';
import type { ControlRoutes } from './control-route.js';

type DataRoutes = Pick<
  ControlRoutes,
  'fakeRecords' | 'resetData' | 'saveSeed' | 'getBehaviour' | 'setBehaviour'
>;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(field: string, message: string): never {
  throw problems.invalidBody('Invalid mock behaviour', [{ field, message }]);
}

function delayOf(field: string, value: unknown): DelayRule | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value) || typeof value['minMs'] !== 'number' || typeof value['maxMs'] !== 'number')
    invalid(field, 'must be { "minMs": n, "maxMs": n }');
  return { minMs: value['minMs'], maxMs: value['maxMs'] };
}

function failOf(field: string, value: unknown): FailRule | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value) || typeof value['rate'] !== 'number' || typeof value['status'] !== 'number')
    invalid(field, 'must be { "rate": 0..1, "status": 400..599 }');
  return { rate: value['rate'], status: value['status'] };
}

/** A PUT body as settings (shapes checked here, ranges by `checkSettings` in the setter). */
export function behaviourOf(body: unknown): BehaviourSettings {
  if (!isObject(body)) invalid('', 'must be a JSON object');
  const routes = body['routes'] ?? [];
  if (!Array.isArray(routes)) invalid('routes', 'must be an array');
  const settings: {
    -readonly [K in keyof BehaviourSettings]: BehaviourSettings[K];
  } = {
    routes: routes.map((r: unknown, i): RouteBehaviour => {
      if (!isObject(r) || typeof r['method'] !== 'string' || typeof r['path'] !== 'string')
        invalid(`routes[${i}]`, 'must be { "method", "path", "delay"?, "fail"? }');
      const rule: RouteBehaviour = {
        method: r['method'].toUpperCase() as RouteBehaviour['method'],
        path: r['path'],
      };
      const delay = delayOf(`routes[${i}].delay`, r['delay']);
      const fail = failOf(`routes[${i}].fail`, r['fail']);
      if (delay) rule.delay = delay;
      if (fail) rule.fail = fail;
      return rule;
    }),
  };
  const delay = delayOf('delay', body['delay']);
  const fail = failOf('fail', body['fail']);
  if (delay) settings.delay = delay;
  if (fail) settings.fail = fail;
  const proxy = body['proxy'];
  if (proxy !== undefined && proxy !== null && proxy !== '') {
    if (typeof proxy !== 'string') invalid('proxy', 'must be a URL string');
    settings.proxy = proxy;
  }
  const timeout = body['proxyTimeoutMs'];
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout !== 'number') invalid('proxyTimeoutMs', 'must be a number');
    settings.proxyTimeoutMs = timeout;
  }
  return settings;
}

/** Settings as the wire shows them (copies: the UI may keep and edit them). */
export function behaviourWire(settings: BehaviourSettings): MockBehaviour {
  return JSON.parse(JSON.stringify(settings)) as MockBehaviour;
}

export const DATA_ROUTES: DataRoutes = {
  fakeRecords: {
    status: 201,
    handle: async ({ ctx, params, body }): Promise<ImportResult> => {
      const model = findModel(ctx.project(), params['model']!);
      const asked = isObject(body) ? body : {};
      const { count, seed } = checkFakeCount(asked['count'], asked['seed']);
      const saved = await fakeRecords(model, count, seed);
      return { imported: saved.length, ids: saved.map((r) => r.id) };
    },
  },
  resetData: {
    handle: async ({ ctx }) => ({ models: await resetToSeed(ctx.project()) }),
  },
  saveSeed: {
    handle: async ({ ctx }) => ({ models: await saveSeed(ctx.project()) }),
  },
  getBehaviour: {
    handle: ({ ctx }) => behaviourWire(ctx.behaviour.settings()),
  },
  setBehaviour: {
    handle: ({ ctx, body }) => behaviourWire(ctx.behaviour.set(behaviourOf(body))),
  },
};
