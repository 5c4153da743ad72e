/**
 * Issue 29: the OpenAPI document of the serving project for the endpoint inspector.
 * Placeholder until the inspector lands.
 */
import { problems } from '../errors.js';
import type { ControlRoutes } from './control-route.js';

export const OPENAPI_ROUTES: Pick<ControlRoutes, 'getOpenApi'> = {
  getOpenApi: {
    handle: () => {
      throw problems.notFound('the OpenAPI operation is not built yet');
    },
  },
};
