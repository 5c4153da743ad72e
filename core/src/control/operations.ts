/**
 * The control API's route table: one handler per operation of {@link ControlOperations}, with
 * method and path checked against the contract by the type of {@link CONTROL_ROUTES}.
 */

import type { IncomingMessage } from 'node:http';

import type { ChangePortBody, OpenProjectBody } from '../contract/control-api.js';
import { projectDatabases } from '../project/open-project.js';
import { CONSOLE_SESSION_ROUTES } from './console-session-operations.js';
import { type ControlRoutes, STREAMED } from './control-route.js';
import { DATA_ROUTES } from './data-operations.js';
import { IMPORT_ROUTES } from './import-operations.js';
import { MODEL_EDIT_ROUTES } from './model-edit-operations.js';
import { modelInfo } from './model-info.js';
import { OPENAPI_ROUTES } from './openapi-operations.js';
import { OUTGOING_ROUTES } from './outgoing-operations.js';
import { PREVIEW_ROUTES } from './preview-operations.js';
import { PROJECT_FILES_ROUTES } from './project-files-operations.js';
import { RECORD_ROUTES } from './record-operations.js';
import { RECORDING_ROUTES } from './recording-operations.js';
import { REQUESTS_ROUTES } from './requests-operations.js';
import { routeInfos } from './route-info.js';
import { RULES_ROUTES } from './rules-operations.js';

/** `Last-Event-ID` as a number, or `undefined` for a fresh client (RFC: SSE §9.2.4). */
function lastEventId(req: IncomingMessage): number | undefined {
  const raw = req.headers['last-event-id'];
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

export const CONTROL_ROUTES: ControlRoutes = {
  getProject: { handle: ({ ctx }) => ctx.projectStatus() },
  openProject: {
    // Issue 43: the body passed its schema (`CONTROL_BODIES`) before the handler runs.
    handle: ({ ctx, body }) => ctx.openProject((body as OpenProjectBody).dir),
  },
  reloadProject: {
    handle: ({ ctx }) => ctx.reloadProject(),
  },
  listModels: {
    handle: ({ ctx }) => {
      const project = ctx.project();
      const databases = new Map(
        projectDatabases(project)
          .describe()
          .map((d) => [d.name, d.address]),
      );
      if (project.database !== undefined) databases.set('', project.database);
      return project.runtimes.map((m) => modelInfo(m, { dataDir: project.dataDir, databases }));
    },
  },
  listRoutes: {
    handle: ({ ctx }) => {
      const project = ctx.project();
      return routeInfos(project.table.routes, project.loaded, project.runtimes);
    },
  },
  ...RECORD_ROUTES,
  ...DATA_ROUTES,
  ...MODEL_EDIT_ROUTES,
  ...PREVIEW_ROUTES,
  ...IMPORT_ROUTES,
  ...OPENAPI_ROUTES,
  ...RULES_ROUTES,
  ...REQUESTS_ROUTES,
  ...OUTGOING_ROUTES,
  ...PROJECT_FILES_ROUTES,
  ...CONSOLE_SESSION_ROUTES,
  ...RECORDING_ROUTES,
  getServer: { handle: ({ ctx }) => ctx.server.status() },
  startServer: { handle: ({ ctx }) => ctx.server.start() },
  stopServer: { handle: ({ ctx }) => ctx.server.stop() },
  changePort: {
    handle: ({ ctx, body }) => ctx.server.changePort((body as ChangePortBody).port),
  },
  events: {
    handle: ({ ctx, req, res }) => {
      ctx.hub.attach(res, lastEventId(req));
      return STREAMED;
    },
  },
};
