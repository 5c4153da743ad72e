/**
 * The records operations of the control API (issue 12): list with the mock API's collection
 * query, get, and every write through the core's one write path, so a 422 here carries the
 * same field errors as the mock API's, and every write raises the same record-change event.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import { parseCollectionQuery } from '../app/query/collection-query.js';
import { importRecords } from '../app/write/record-import.js';
import {
  createRecord,
  deleteRecord,
  findRecord,
  patchRecord,
  replaceRecord,
} from '../app/write/record-writes.js';
import type { ImportResult, RecordPage } from '../contract/control-api.js';
import { problems } from '../errors.js';
import { allRecords } from '../persistence/store-reads.js';
import type { ControlContext } from './control-context.js';
import type { ControlCall, ControlRoutes } from './control-route.js';
import { sortedPage } from './sorted-pages.js';

/** Rows per page when the query names no limit. */
export const DEFAULT_PAGE_LIMIT = 100;

/** A model by class name (`/api/models/Todo/records`), or a 404. */
function modelOf(ctx: ControlContext, name: string): ModelRuntime {
  const model = ctx.project().runtimes.find((r) => r.schema.name === name);
  if (!model) throw problems.notFound(`no model named ${JSON.stringify(name)}`);
  return model;
}

/**
 * CONTRACT §8: records of a user's datasource class are shown, never written, by the studio
 * (a PostgreSQL datasource's table is written like the default's: issue 26).
 */
function writable(ctx: ControlContext, name: string): ModelRuntime {
  const model = modelOf(ctx, name);
  if (model.store.readOnly) throw problems.readOnlyModel(model.schema.name, model.store.label);
  return model;
}

async function listPage({ ctx, params, query }: ControlCall): Promise<RecordPage> {
  const model = modelOf(ctx, params['model']!);
  const parsed = parseCollectionQuery(query, model.schema, model.filterTypes);
  const limit = parsed.limit ?? DEFAULT_PAGE_LIMIT;
  const { items, total } = await sortedPage(model, { ...parsed, limit });
  return { items: items as RecordPage['items'], total, offset: parsed.offset, limit };
}

function getOne({ ctx, params }: ControlCall): Promise<unknown> {
  const model = modelOf(ctx, params['model']!);
  return findRecord(model, model.parseId(params['id']!));
}

async function exportAll({ ctx, params }: ControlCall): Promise<unknown[]> {
  const model = modelOf(ctx, params['model']!);
  return allRecords(model.store);
}

async function importAll({ ctx, params, body }: ControlCall): Promise<ImportResult> {
  const model = writable(ctx, params['model']!);
  const stored = await importRecords(model, body);
  return { imported: stored.length, ids: stored.map((r) => r.id) };
}

type RecordRoutes = Pick<
  ControlRoutes,
  | 'listRecords'
  | 'getRecord'
  | 'createRecord'
  | 'replaceRecord'
  | 'patchRecord'
  | 'deleteRecord'
  | 'importRecords'
  | 'exportRecords'
>;

export const RECORD_ROUTES: RecordRoutes = {
  listRecords: { handle: listPage },
  getRecord: { handle: getOne },
  createRecord: {
    status: 201,
    handle: ({ ctx, params, body }) => createRecord(writable(ctx, params['model']!), body),
  },
  replaceRecord: {
    handle: ({ ctx, params, body }) => {
      const model = writable(ctx, params['model']!);
      return replaceRecord(model, model.parseId(params['id']!), body);
    },
  },
  patchRecord: {
    handle: ({ ctx, params, body }) => {
      const model = writable(ctx, params['model']!);
      return patchRecord(model, model.parseId(params['id']!), body);
    },
  },
  deleteRecord: {
    handle: ({ ctx, params }) => {
      const model = writable(ctx, params['model']!);
      return deleteRecord(model, model.parseId(params['id']!));
    },
  },
  importRecords: { handle: importAll },
  exportRecords: { handle: exportAll },
};
