/**
 * The Console's request as curl would send it (Copy as curl): the body of its kind, the auth
 * helper's header, the Content-Type the kind sets, the chosen environment's `{{variables}}`
 * filled in (as Bruno's and Postman's code export do; kept as typed when one is unknown), and a
 * file part's path made absolute, so the command runs from any folder. A request that cannot
 * be planned yet (an empty path param) is copied as typed.
 */
import { fillRequest } from '../../api';
import type { TabState } from '../../stores/console/console-state';
import { planRequest } from '../../stores/console/deliver';
import type { CurlRequest } from './curl';

/** `path` of a file part as curl reads it from anywhere: under the project unless absolute. */
function fromRoot(path: string, root: string | null): string {
  if (!root || path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path)) return path;
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  return `${root.replace(/[\\/]+$/, '')}${sep}${path}`;
}

export function curlOf(
  typed: TabState,
  mockUrl: string,
  variables: Readonly<Record<string, string>> = {},
  root: string | null = null,
): CurlRequest {
  const filled = fillRequest(typed, variables);
  const s: TabState = filled.ok
    ? {
        ...typed,
        url: filled.url,
        headers: filled.headers,
        body: filled.body,
        formFields: filled.formFields ?? typed.formFields,
        multipartFields: filled.multipartFields ?? typed.multipartFields,
        auth: filled.auth ?? typed.auth,
      }
    : typed;
  try {
    const plan = planRequest(s, mockUrl);
    const b = plan.body;
    // Basic credentials as `-u`: encoded, `{{variables}}` in them would not read.
    const basic = s.auth.kind === 'basic' ? s.auth : undefined;
    return {
      method: plan.method,
      url: plan.target,
      headers: basic
        ? plan.headers.filter(([n]) => n.toLowerCase() !== 'authorization')
        : plan.headers,
      ...(basic ? { basic: { username: basic.username, password: basic.password } } : {}),
      body:
        b.kind === 'json' || b.kind === 'text'
          ? b.text
          : b.kind === 'form-urlencoded'
            ? new URLSearchParams(b.fields.map((f) => [f.name, f.value])).toString()
            : '',
      ...(b.kind === 'multipart'
        ? {
            form: b.fields.map((f) =>
              f.kind === 'file'
                ? { name: f.name, value: fromRoot(f.path, root), file: true }
                : { name: f.name, value: f.value, file: false },
            ),
          }
        : {}),
    };
  } catch {
    const url = s.url.startsWith('/') ? `${mockUrl}${s.url}` : s.url;
    const headers = s.headers
      .filter((h) => h.enabled && h.name)
      .map((h): [string, string] => [h.name, h.value]);
    return { method: s.method, url, headers, body: '' };
  }
}
