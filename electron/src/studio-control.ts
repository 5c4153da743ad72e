import type { ProjectStatus } from 'decorest/studio';

/**
 * The control API calls the menu makes that the studio handle has no method for (open, reload),
 * over the same HTTP + token as the UI, so the UI hears of them through its event stream.
 * Node's fetch sends no `Origin`, which the control API lets through to the token check.
 */
export class StudioControl {
  constructor(
    private readonly controlUrl: string,
    private readonly token: string,
  ) {}

  open(dir: string): Promise<ProjectStatus> {
    return this.call('POST', '/project/open', { dir });
  }

  reload(): Promise<ProjectStatus> {
    return this.call('POST', '/project/reload');
  }

  private async call(method: string, path: string, body?: unknown): Promise<ProjectStatus> {
    const res = await fetch(new URL(`/api${path}`, this.controlUrl), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => undefined)) as unknown;
    if (!res.ok) {
      const detail = (answer as { detail?: unknown } | undefined)?.detail;
      throw new Error(
        typeof detail === 'string' ? detail : `${method} ${path}: HTTP ${res.status}`,
      );
    }
    return answer as ProjectStatus;
  }
}
