/**
 * A Mockoon route's rules as decorest response rules (issue 41). Mockoon picks the first
 * response whose rules hold (AND or OR of them), else the default; decorest tries its rules in
 * file order, else the route answers. So each response with rules becomes rules answering it,
 * in the route's order, and the default stays the route's own answer (app.ts). Conditions are
 * written as alternatives (OR of ANDs): an OR rule becomes one decorest rule per condition, and
 * a `null` check (absent or empty) two. What decorest cannot read (cookies but by equality, the
 * path, the request number, variables, buckets, schemas) is named in the report.
 */
import type { ResponseRule, RuleCondition, RuleResponse } from '../contract/rules-api.js';
import { escapeToken } from '../rules/json-pointer.js';
import type { ImportNote } from './import-plan.js';
import { convertTemplate, pathTokens, TEMPLATING } from './mockoon-template.js';
import { isObject, type JsonObject } from './openapi-document.js';

/** A rule set blown up into more alternatives than this is not written (AND of many ORs). */
const MAX_ALTERNATIVES = 16;
/** decorest's rule delay limit (check-rules.ts). */
const MAX_DELAY_MS = 60_000;

/** One decorest rule before checking, and where in the Mockoon file it came from. */
export interface SourcedRule {
  rule: ResponseRule;
  at: string;
}

/** What a rule response is made of; `undefined` body: none. */
export interface AnswerParts {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
  delayMs: number;
  /** The body is sent as written (Mockoon's `disableTemplating`, or a bucket's JSON). */
  literal?: boolean;
}

type Alternatives = RuleCondition[][];

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** A body pointer from Mockoon's modifier (object path or simple JSONPath). */
function bodyPointer(modifier: string): string | undefined {
  const tokens = pathTokens(modifier);
  return tokens?.map((t) => `/${escapeToken(t)}`).join('');
}

/**
 * One Mockoon rule as alternatives (any one holding is the rule holding), or why decorest
 * cannot check it.
 */
function ruleAlternatives(rule: JsonObject): Alternatives | string {
  const target = typeof rule.target === 'string' ? rule.target : '';
  const operator = typeof rule.operator === 'string' ? rule.operator : 'equals';
  const modifier = typeof rule.modifier === 'string' ? rule.modifier : '';
  const value = typeof rule.value === 'string' ? rule.value : '';
  const invert = rule.invert === true;
  if (/\{\{/.test(modifier) || /\{\{/.test(value))
    return 'its value or name uses templating, which a condition does not render';
  let part: RuleCondition['part'];
  let name: string | undefined;
  switch (target) {
    case 'body': {
      part = 'body';
      const pointer = modifier === '' ? '' : bodyPointer(modifier);
      if (pointer === undefined) return `the body path ${modifier} is a JSONPath query`;
      name = pointer;
      break;
    }
    case 'query':
    case 'params':
    case 'header':
      if (modifier === '') return `a ${target} rule without a name`;
      part = target === 'params' ? 'param' : target;
      name = target === 'header' ? modifier.toLowerCase() : modifier;
      if (target === 'query') {
        const tokens = pathTokens(modifier);
        if (!tokens || tokens.length === 0) return `the query path ${modifier}`;
        const [head, ...more] = tokens;
        name = `${head}${more.map((t) => `[${t}]`).join('')}`;
      }
      break;
    case 'method':
      part = 'method';
      break;
    case 'cookie': {
      // The cookie header holds `a=1; b=2`: an exact value is a pattern on it.
      if (modifier === '' || operator !== 'equals' || invert)
        return 'a cookie is only checked for an exact value';
      const cookie = `(?:^|;\\s*)${escapeRegex(modifier)}=${escapeRegex(value)}(?:;|$)`;
      return [[{ part: 'header', name: 'cookie', matcher: 'regex', value: cookie }]];
    }
    default:
      return `the ${target || 'empty'} target has no decorest condition`;
  }
  const base = { part, ...(name === undefined ? {} : { name }) };
  switch (operator) {
    case 'equals':
    case 'regex':
    case 'regex_i':
      if (invert) return `an inverted ${operator} has no decorest condition`;
      if (operator === 'equals') return [[{ ...base, matcher: 'equals', value }]];
      return [
        [
          {
            ...base,
            matcher: 'regex',
            value,
            // Mockoon compares the method in lower case, decorest in upper case.
            ...(operator === 'regex_i' || part === 'method' ? { ignoreCase: true } : {}),
          },
        ],
      ];
    case 'null':
      // Mockoon's null: absent, empty, or JSON null.
      if (invert) return [[{ ...base, matcher: 'regex', value: '[\\s\\S]' }]];
      return [
        [{ ...base, matcher: 'missing' }],
        [{ ...base, matcher: 'equals', value: '' }],
        ...(part === 'body' ? [[{ ...base, matcher: 'equals' as const, value: 'null' }]] : []),
      ];
    case 'empty_array':
      if (part !== 'body' || invert)
        return `${invert ? 'an inverted ' : ''}empty_array on ${target}`;
      return [[{ ...base, matcher: 'equals', value: '[]' }]];
    default:
      return `the ${operator} operator has no decorest condition`;
  }
}

/** AND of alternatives: every combination (a cartesian product). */
function both(a: Alternatives, b: Alternatives): Alternatives {
  return a.flatMap((x) => b.map((y) => [...x, ...y]));
}

/**
 * The alternatives of a response's rules; conditions decorest cannot check are listed. For OR,
 * a rule that cannot be checked is left out (the others still choose the response); for AND,
 * the response is not chosen by rules at all (answering it more often would be wrong).
 */
export function responseConditions(
  response: JsonObject,
  at: string,
  say: (at: string, text: string) => void,
): Alternatives | undefined {
  const rules = Array.isArray(response.rules) ? response.rules.filter(isObject) : [];
  if (rules.length === 0) return undefined;
  const or = response.rulesOperator === 'OR';
  let result: Alternatives = or ? [] : [[]];
  let dropped = false;
  rules.forEach((rule, index) => {
    const found = ruleAlternatives(rule);
    if (typeof found === 'string') {
      say(
        `${at}/rules/${index}`,
        `rule ${index + 1} (${describeRule(rule)}) is not imported: ${found}`,
      );
      dropped = true;
      return;
    }
    result = or ? [...result, ...found] : both(result, found);
  });
  if (dropped && !or) {
    say(at, 'is not chosen by rules: one of its AND rules is not imported');
    return [];
  }
  if (result.length > MAX_ALTERNATIVES) {
    say(
      at,
      `its rules make ${result.length} combinations, more than ${MAX_ALTERNATIVES}: not imported`,
    );
    return [];
  }
  return result;
}

function describeRule(rule: JsonObject): string {
  const target = typeof rule.target === 'string' ? rule.target : '?';
  const modifier =
    typeof rule.modifier === 'string' && rule.modifier !== '' ? ` ${rule.modifier}` : '';
  const operator = typeof rule.operator === 'string' ? rule.operator : 'equals';
  return `${rule.invert === true ? 'not ' : ''}${target}${modifier} ${operator} ${JSON.stringify(rule.value ?? '')}`;
}

/** A rule response, with templating converted (what has no placeholder is listed). */
export function ruleResponse(
  parts: AnswerParts,
  at: string,
  say: (at: string, text: string, kind?: ImportNote['kind']) => void,
): RuleResponse {
  const response: RuleResponse = { status: parts.status };
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(parts.headers)) {
    if (/\{\{/.test(value)) {
      say(at, `header ${key} uses templating, which decorest headers do not render: not sent`);
      continue;
    }
    headers[key] = value;
  }
  if (Object.keys(headers).length > 0) response.headers = headers;
  if (parts.body !== undefined && parts.body !== '')
    response.body = parts.literal
      ? literalBody(parts.body, at, say)
      : templateBody(parts.body, at, say);
  const delay = Math.min(parts.delayMs, MAX_DELAY_MS);
  if (parts.delayMs > MAX_DELAY_MS)
    say(
      at,
      `latency ${parts.delayMs} ms is longer than decorest's ${MAX_DELAY_MS} ms: capped`,
      'guess',
    );
  if (delay > 0) response.delayMs = delay;
  return response;
}

/** A body sent as written: a rule renders every `{{…}}`, so braces cannot be sent from one. */
function literalBody(
  body: string,
  at: string,
  say: (at: string, text: string, kind?: ImportNote['kind']) => void,
): string {
  if (!TEMPLATING.test(body)) return body;
  say(at, 'its body holds {{…}} sent as written, which a rule cannot send: left out of it');
  return body.replace(/\{\{[\s\S]*?\}\}\}?/g, '');
}

/** A body with Mockoon's templating as placeholders; what has none is listed and left out. */
export function templateBody(
  body: string,
  at: string,
  say: (at: string, text: string, kind?: ImportNote['kind']) => void,
): string {
  const converted = convertTemplate(body);
  if (converted.blocked !== undefined) {
    say(
      at,
      `its body uses {{${converted.blocked}}}, which decorest placeholders cannot express: answered as the text written, with no {{…}}`,
    );
    return body.replace(/\{\{[\s\S]*?\}\}\}?/g, '');
  }
  if (converted.unsupported.length > 0)
    say(
      at,
      `the helpers ${converted.unsupported.join(', ')} have no decorest placeholder: they render as nothing`,
    );
  for (const guess of converted.guesses) say(at, guess, 'guess');
  return converted.text;
}

/** A rule for the route's default response when only a rule can send it (templating, latency). */
export function needsRule(parts: AnswerParts): boolean {
  if (parts.delayMs > 0) return true;
  if (parts.body === undefined || parts.literal) return false;
  const converted = convertTemplate(parts.body);
  return (
    converted.blocked === undefined && (converted.templated || converted.unsupported.length > 0)
  );
}
