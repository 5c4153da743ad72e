/**
 * Read-only previews for the studio's forms (issue 23): what a delete would do, counted, for
 * the delete dialog; and one made-up record for the Console's request body. Neither writes.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import { deleteImpact } from '../app/relations/delete-impact.js';
import { findRecord } from '../app/write/record-writes.js';
import type { DeleteImpact, JsonValue } from '../contract/control-api.js';
import { problems } from '../errors.js';
import { fakeRows } from '../seed/fake-records.js';
import type { ControlContext } from './control-context.js';
import type { ControlRoutes } from './control-route.js';

type PreviewRoutes = Pick<ControlRoutes, 'deleteImpact' | 'sampleRecord'>;

/** A model by class name, as the records operations name it, or a 404. */
function modelOf(ctx: ControlContext, name: string): ModelRuntime {
  const model = ctx.project().runtimes.find((r) => r.schema.name === name);
  if (!model) throw problems.notFound(`no model named ${JSON.stringify(name)}`);
  return model;
}

export const PREVIEW_ROUTES: PreviewRoutes = {
  deleteImpact: {
    handle: async ({ ctx, params }): Promise<DeleteImpact> => {
      const model = modelOf(ctx, params['model']!);
      const id = model.parseId(params['id']!);
      // A 404 for a record that is not there, as the delete itself would answer.
      await findRecord(model, id);
      return { effects: await deleteImpact(model, id) };
    },
  },
  sampleRecord: {
    handle: async ({ ctx, params }): Promise<Record<string, JsonValue>> => {
      const [row] = await fakeRows(modelOf(ctx, params['model']!), 1, undefined, false);
      // Dates become their ISO text here, as the mock API would send them.
      return JSON.parse(JSON.stringify(row)) as Record<string, JsonValue>;
    },
  },
};
