/**
 * The Console's request as curl would send it (Copy as curl): the body of its kind, the auth
 * helper's header, the Content-Type the kind sets; `{{variables}}` as typed, so the command
 * reads like the request. A request that cannot be planned yet (an empty path param) is
 * copied as typed.
 */
import type { TabState } from '../../stores/console/console-state';
import { planRequest } from '../../stores/console/deliver';
import type { CurlRequest } from './curl';

export function curlOf(s: TabState, mockUrl: string): CurlRequest {
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
                ? { name: f.name, value: f.path, file: true }
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
