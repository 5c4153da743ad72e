/**
 * The control API's data and behaviour operations (issue 16): reset to the seed, save the
 * seed, fake records, and the mock API's latency, failure and proxy rules, set live.
 */
import type { FakeRecordsBody, ImportResult } from '../contract/control-api.js';
import { behaviourOf, behaviourWire } from '../http/behaviour-wire.js';
import { fakeRecords, findModel } from '../seed/fake-records.js';
import { resetToSeed, saveSeed } from '../seed/seed-data.js';
import type { ControlRoutes } from './control-route.js';

type DataRoutes = Pick<
  ControlRoutes,
  'fakeRecords' | 'resetData' | 'saveSeed' | 'getBehaviour' | 'setBehaviour'
>;

export const DATA_ROUTES: DataRoutes = {
  fakeRecords: {
    status: 201,
    handle: async ({ ctx, params, body }): Promise<ImportResult> => {
      const model = findModel(ctx.project(), params['model']!);
      const { count, seed } = body as FakeRecordsBody;
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
    handle: async ({ ctx, body }) => behaviourWire(await ctx.behaviour.set(behaviourOf(body))),
  },
};
