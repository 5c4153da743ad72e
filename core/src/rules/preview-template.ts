/**
 * `POST /api/rules/preview` (issue 29): a body template filled in for a made-up request, so the
 * studio shows what a rule would answer before it is saved. The template is checked as a
 * rule's body is; an unknown placeholder is a 422 naming its offset.
 */
import { RULE_BODY_LIMIT, type RulePreview, type RuleProblem } from '../contract/rules-api.js';
import { compileTemplate } from './compile-rules.js';
import { fakeFunction, loadFaker } from './fake-source.js';
import { RequestView } from './request-view.js';
import { parseTemplate } from './rule-template.js';
import { rulesProblem } from './rules-host.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A `{ name: text }` map of the made-up request; anything else is a problem at `pointer`. */
function textMap(
  value: unknown,
  pointer: string,
  found: RuleProblem[],
  lower = false,
): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (value === undefined) return out;
  if (!isObject(value)) {
    found.push({ pointer, message: 'must be an object of strings' });
    return out;
  }
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string')
      found.push({ pointer: `${pointer}/${name}`, message: 'must be a string' });
    else out[lower ? name.toLowerCase() : name] = text;
  }
  return out;
}

export async function previewTemplate(body: unknown): Promise<RulePreview> {
  const found: RuleProblem[] = [];
  if (!isObject(body) || typeof body['template'] !== 'string')
    throw rulesProblem('Invalid preview', [{ pointer: '/template', message: 'must be a string' }]);
  const template = body['template'];
  if (Buffer.byteLength(template, 'utf8') > RULE_BODY_LIMIT)
    found.push({
      pointer: '/template',
      message: `is larger than the limit of ${RULE_BODY_LIMIT} bytes`,
    });
  const request = body['request'] ?? {};
  if (!isObject(request)) found.push({ pointer: '/request', message: 'must be an object' });
  const made = isObject(request) ? request : {};
  const params = textMap(made['params'], '/request/params', found);
  const query = textMap(made['query'], '/request/query', found);
  const headers = textMap(made['headers'], '/request/headers', found, true);
  const parsed = parseTemplate(template);
  for (const p of parsed.problems) found.push({ pointer: '/template', ...p });
  const faker = parsed.fakes.length > 0 ? await loadFaker() : undefined;
  if (faker !== undefined)
    for (const f of parsed.fakes) {
      const fake = fakeFunction(faker, f.module, f.method);
      if (!fake.ok) found.push({ pointer: '/template', message: fake.message, offset: f.offset });
    }
  if (found.length > 0) throw rulesProblem('Invalid preview', found);
  const view = new RequestView({
    method: 'GET',
    params,
    search: new URLSearchParams(Object.entries(query)).toString(),
    headers,
    body: made['body'],
  });
  return { text: compileTemplate(parsed, faker)(view) };
}
