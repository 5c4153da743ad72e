/**
 * Issue 29's response rules through the control API. Placeholder until the rules engine lands:
 * every operation answers 404 naming what is missing.
 */
import { problems } from '../errors.js';
import type { ControlRoutes } from './control-route.js';

const notYet = () => {
  throw problems.notFound('response rules are not built yet');
};

export const RULES_ROUTES: Pick<ControlRoutes, 'getRules' | 'putRules' | 'previewRuleTemplate'> = {
  getRules: { handle: notYet },
  putRules: { handle: notYet },
  previewRuleTemplate: { handle: notYet },
};
