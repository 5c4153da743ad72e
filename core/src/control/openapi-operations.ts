/**
 * Issue 29: the OpenAPI document of the serving project for the endpoint inspector, the very
 * one the mock API serves at `/openapi.json` (same builder, same cached document).
 */
import type { OpenApiDocument } from '../contract/control-api.js';
import { projectOpenApi } from '../project/project-openapi.js';
import type { ControlRoutes } from './control-route.js';

export const OPENAPI_ROUTES: Pick<ControlRoutes, 'getOpenApi'> = {
  getOpenApi: {
    // `ctx.project()` answers 409 when no project is loaded.
    handle: async ({ ctx }) => (await projectOpenApi(ctx.project())) as OpenApiDocument,
  },
};
