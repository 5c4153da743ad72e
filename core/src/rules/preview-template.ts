/**
 * `POST /api/rules/preview` (issue 29): a body template filled in for a made-up request, so the
 * studio shows what a rule would answer before it is saved. The template is checked as a
 * rule's body is; an unknown placeholder is a 422 naming its offset.
 */
import {
  RULE_BODY_LIMIT,
  type RulePreview,
  type RulePreviewBody,
  type RuleProblem,
} from '../contract/rules-api.js';
import { RULE_PREVIEW_SCHEMA } from '../contract/rules-schemas.js';
import { checkBody, inDocumentOrder } from '../validation/body-check.js';
import { compileTemplate } from './compile-rules.js';
import { fakeFunction, loadFaker } from './fake-source.js';
import { RequestView } from './request-view.js';
import { parseTemplate } from './rule-template.js';
import { rulesProblem } from './rules-host.js';

type TextMap = Record<string, string>;

/** A `{ name: text }` map (it passed the schema), header names in lower case when `lower`. */
function textMap(value: TextMap | undefined, lower = false): TextMap {
  const out: TextMap = Object.create(null) as TextMap;
  for (const [name, text] of Object.entries(value ?? {}))
    out[lower ? name.toLowerCase() : name] = text;
  return out;
}

/**
 * Every problem of a preview body: its shape (Issue 43: {@link RULE_PREVIEW_SCHEMA}, checked by
 * Ajv), then the template's size, placeholders and faker methods, as a rule's body is checked.
 */
export async function previewFindings(body: unknown): Promise<RuleProblem[]> {
  const found: RuleProblem[] = [];
  const template = (body as { template?: unknown } | null)?.['template'];
  if (typeof template === 'string') {
    if (Buffer.byteLength(template, 'utf8') > RULE_BODY_LIMIT)
      found.push({
        pointer: '/template',
        message: `is larger than the limit of ${RULE_BODY_LIMIT} bytes`,
      });
    const parsed = parseTemplate(template);
    for (const p of parsed.problems) found.push({ pointer: '/template', ...p });
    const faker = parsed.fakes.length > 0 ? await loadFaker() : undefined;
    if (faker !== undefined)
      for (const f of parsed.fakes) {
        const fake = fakeFunction(faker, f.module, f.method);
        if (!fake.ok) found.push({ pointer: '/template', message: fake.message, offset: f.offset });
      }
  }
  return inDocumentOrder([...checkBody(RULE_PREVIEW_SCHEMA, body), ...found], body);
}

export async function previewTemplate(body: unknown): Promise<RulePreview> {
  const found = await previewFindings(body);
  if (found.length > 0) throw rulesProblem('Invalid preview', found);
  const { template, request = {} } = body as RulePreviewBody;
  const parsed = parseTemplate(template);
  const faker = parsed.fakes.length > 0 ? await loadFaker() : undefined;
  const view = new RequestView({
    method: 'GET',
    params: textMap(request.params),
    search: new URLSearchParams(Object.entries(textMap(request.query))).toString(),
    headers: textMap(request.headers, true),
    body: request.body,
  });
  return { text: compileTemplate(parsed, faker)(view) };
}
