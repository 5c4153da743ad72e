/**
 * Issue 29's response rules through the control API: read them (with the orphaned and a hand
 * edit's problems), replace them all (checked, written to `mock-rules.json`, applied at once),
 * and preview a body template for a made-up request.
 */
import { checkRules } from '../rules/check-rules.js';
import { previewFindings, previewTemplate } from '../rules/preview-template.js';
import type { ControlRoutes } from './control-route.js';

export const RULES_ROUTES: Pick<ControlRoutes, 'getRules' | 'putRules' | 'previewRuleTemplate'> = {
  getRules: { handle: ({ ctx }) => ctx.rules.state() },
  // Issue 43: a body its schema refuses is named with every other problem the check finds.
  putRules: {
    check: async (body) => (await checkRules(body)).problems,
    handle: ({ ctx, body }) => ctx.rules.replace(body),
  },
  previewRuleTemplate: { check: previewFindings, handle: ({ body }) => previewTemplate(body) },
};
