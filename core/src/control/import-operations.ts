/**
 * "New project from…" (issue 28): the studio sends a json-server db.json, an OpenAPI document or
 * a Mockoon environment as text; `previewImport` answers what `decorest init --from` would write
 * (nothing is written), `importProject` writes it into a new folder and opens that project. The
 * reading, planning and writing are `decorest init`'s own (core/src/import), so the preview, the
 * CLI and the files written never disagree.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

import type {
  ImportPreview,
  ImportProjectBody,
  ImportSourceBody,
} from '../contract/control-api.js';
import { ImportError, PlanWriteError, problems } from '../errors.js';
import type { ImportPlan } from '../import/import-plan.js';
import { planFiles } from '../import/plan-files.js';
import { planImportText } from '../import/read-source.js';
import { writePlan } from '../import/write-plan.js';
import { memberNameFor } from '../model-edit/create-model.js';
import { DEFAULT_STYLE } from '../model-edit/style.js';
import { type BodyFinding, bodyProblem } from '../validation/body-check.js';
import type { ControlRoutes } from './control-route.js';

/**
 * What the schema (`CONTROL_BODIES`, issue 43) cannot say of the body: its folder is absolute
 * (the control server's working folder is nobody's business in a browser: say where).
 */
export function folderFindings(body: unknown): BodyFinding[] {
  const dir = (body as { dir?: unknown } | null)?.['dir'];
  return typeof dir === 'string' && dir.trim() !== '' && !isAbsolute(dir)
    ? [{ pointer: '/dir', message: `must be an absolute path, got ${JSON.stringify(dir)}` }]
    : [];
}

export function refuseRelative(body: unknown): void {
  const problem = bodyProblem('Invalid import', folderFindings(body), 'path');
  if (problem !== undefined) throw problem;
}

/** The plan of the sent text; a source that cannot be read is a 422 naming line and column. */
async function planOf(source: ImportSourceBody): Promise<ImportPlan> {
  try {
    return await planImportText(source.fileName, source.text);
  } catch (error) {
    if (error instanceof ImportError) throw problems.importSourceUnreadable(error.message);
    throw error;
  }
}

/** What a plan would write into `dir` (issue 46: a recording's plan too). */
export function preview(plan: ImportPlan, dir: string | undefined): ImportPreview {
  let files;
  try {
    files = planFiles(plan, DEFAULT_STYLE);
  } catch (error) {
    if (error instanceof PlanWriteError) throw problems.importRefused(error.message, []);
    throw error;
  }
  return {
    source: plan.source,
    // The `@HasMany` member as the writer names it, so the preview shows the parent's side too.
    models: plan.models.map(({ seed, ...model }) => ({
      ...model,
      relations: model.relations.map((r) => ({
        ...r,
        hasMany: r.hasMany ?? memberNameFor(model.name, true),
      })),
      records: seed.length,
    })),
    routes: plan.routes.map(({ method, path, status, source }) => ({
      method,
      path,
      status,
      source,
    })),
    notes: plan.notes,
    files: files.map(({ path, kind, model, records }) => ({
      path,
      kind,
      ...(model === undefined ? {} : { model }),
      ...(records === undefined ? {} : { records }),
      exists: dir !== undefined && existsSync(join(dir, path)),
    })),
  };
}

/** A write the folder refuses (PlanWriteError) as the 409 problem naming the files. */
export async function refusedAsProblem<T>(dir: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof PlanWriteError)) throw error;
    const detail =
      error.existing.length > 0
        ? `${error.existing.join(', ')} exist in ${dir}: nothing was written (replace them, or choose another folder)`
        : error.message;
    throw problems.importRefused(detail, error.existing);
  }
}

export const IMPORT_ROUTES: Pick<ControlRoutes, 'previewImport' | 'importProject'> = {
  previewImport: {
    check: folderFindings,
    handle: async ({ body }) => {
      refuseRelative(body);
      const source = body as ImportSourceBody;
      return preview(await planOf(source), source.dir);
    },
  },
  importProject: {
    check: folderFindings,
    handle: async ({ ctx, body }) => {
      refuseRelative(body);
      const request = body as ImportProjectBody;
      const plan = await planOf(request);
      await refusedAsProblem(request.dir, () =>
        writePlan(plan, request.dir, { force: request.force ?? false }),
      );
      return ctx.openProject(request.dir);
    },
  },
};
