/**
 * Postman's dynamic variables (`{{$guid}}`, `{{$randomEmail}}`, issue 41) for the Console's
 * sends: no environment's, drawn from faker, loaded only when a request uses one, right before a
 * send. Filling a request's `{{variables}}` and naming the unknown ones is the contract's
 * (`fillRequest`, `unknownVariables` in core/src/contract/request-fill.ts, issue 47), the same
 * code `decorest run` fills a request with.
 */
import { drawDynamicValues, dynamicNamesOf, type RequestTemplate } from '../../api';

/** Fresh values of the dynamic variables `names`; faker is loaded on first use only. */
export async function drawDynamic(names: readonly string[]): Promise<Record<string, string>> {
  const { faker } = await import('@faker-js/faker/locale/en');
  return drawDynamicValues(names, faker);
}

/**
 * `vars` with a fresh value for each dynamic variable the request uses and `vars` does not
 * define (an environment's own `$guid` wins, as in Postman).
 */
export async function withDynamicValues(
  t: RequestTemplate,
  vars: Readonly<Record<string, string>>,
): Promise<Readonly<Record<string, string>>> {
  const names = dynamicNamesOf(t, vars);
  if (names.length === 0) return vars;
  return { ...vars, ...(await drawDynamic(names)) };
}

/**
 * The variables a Console request is filled with: `{{baseUrl}}` is the running mock API unless
 * the environment gives its own (as `decorest run --serve` sets it: a request saved against
 * `{{baseUrl}}` works with no environment chosen), then the environment's, then what earlier
 * answers saved (issue 47), which win.
 */
export function consoleVariables(
  environment: Readonly<Record<string, string>>,
  saved: Readonly<Record<string, string>>,
  mockUrl: string | null,
): Readonly<Record<string, string>> {
  return { ...(mockUrl ? { baseUrl: mockUrl } : {}), ...environment, ...saved };
}
