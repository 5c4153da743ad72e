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
import type { ControlRoutes } from './control-route.js';

/** A file name as a browser's file picker gives it: no folders, no control characters. */
function isFileName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || /[/\\]/.test(name)) return false;
  return [...name].every((c) => c.charCodeAt(0) >= 0x20);
}

function invalid(field: string, message: string): never {
  throw problems.invalidBody('Invalid import', [{ field, message }]);
}

function sourceOf(body: unknown): ImportSourceBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    invalid('', 'must be a JSON object with fileName and text');
  const { fileName, text, dir } = body as Record<string, unknown>;
  if (typeof fileName !== 'string' || !isFileName(fileName))
    invalid('fileName', 'must be the name of the file (db.json, openapi.yaml, environment.json)');
  if (typeof text !== 'string') invalid('text', "must be the file's text");
  if (dir !== undefined) folderOf(dir);
  return { fileName, text, ...(typeof dir === 'string' ? { dir } : {}) };
}

function folderOf(dir: unknown): string {
  if (typeof dir !== 'string' || dir.trim() === '' || dir.includes('\0'))
    invalid('dir', 'must be the path of the new project folder');
  // The control server's working folder is nobody's business in a browser: say where.
  if (!isAbsolute(dir)) invalid('dir', `must be an absolute path, got ${JSON.stringify(dir)}`);
  return dir;
}

function importBody(body: unknown): ImportProjectBody {
  const source = sourceOf(body);
  const { dir, force } = body as Record<string, unknown>;
  if (force !== undefined && typeof force !== 'boolean') invalid('force', 'must be true or false');
  return { ...source, dir: folderOf(dir), ...(force === true ? { force } : {}) };
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

function preview(plan: ImportPlan, dir: string | undefined): ImportPreview {
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

export const IMPORT_ROUTES: Pick<ControlRoutes, 'previewImport' | 'importProject'> = {
  previewImport: {
    handle: async ({ body }) => {
      const source = sourceOf(body);
      return preview(await planOf(source), source.dir);
    },
  },
  importProject: {
    handle: async ({ ctx, body }) => {
      const request = importBody(body);
      const plan = await planOf(request);
      try {
        await writePlan(plan, request.dir, { force: request.force ?? false });
      } catch (error) {
        if (!(error instanceof PlanWriteError)) throw error;
        const detail =
          error.existing.length > 0
            ? `${error.existing.join(', ')} exist in ${request.dir}: nothing was written (replace them, or choose another folder)`
            : error.message;
        throw problems.importRefused(detail, error.existing);
      }
      return ctx.openProject(request.dir);
    },
  },
};
