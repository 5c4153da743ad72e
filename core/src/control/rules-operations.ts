/**
 * Issue 29's response rules through the control API: read them (with the orphaned and a hand
 * edit's problems), replace them all (checked, written to `mock-rules.json`, applied at once),
 * and preview a body template for a made-up request.
 */
import { previewTemplate } from '../rules/preview-template.js';
import type { ControlRoutes } from './control-route.js';

export const RULES_ROUTES: Pick<ControlRoutes, 'getRules' | 'putRules' | 'previewRuleTemplate'> = {
  getRules: { handle: ({ ctx }) => ctx.rules.state() },
  putRules: { handle: ({ ctx, body }) => ctx.rules.replace(body) },
  previewRuleTemplate: { handle: ({ body }) => previewTemplate(body) },
};
