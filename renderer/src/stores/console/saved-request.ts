/** Issue 30: a Console tab's request as the saved-request file keeps it (and the history too). */
import type { SavedRequest } from '../../api';
import type { TabState } from './console-state';
import { joinUrl, splitUrl } from './request-text';

/** The Console's request (or a tab's) as a saved request named `name`: every body kind, auth, tests. */
export function savedRequestOf(
  s: Pick<
    TabState,
    | 'method'
    | 'url'
    | 'headers'
    | 'body'
    | 'bodyKind'
    | 'formFields'
    | 'multipartFields'
    | 'auth'
    | 'assertions'
  >,
  name: string,
): SavedRequest {
  let body: SavedRequest['body'];
  switch (s.bodyKind) {
    case 'json':
    case 'text':
      // An empty JSON body is no body; a text body that is JSON stays text (the user chose).
      body =
        s.body.trim() === '' && s.bodyKind === 'json'
          ? { kind: 'none' }
          : { kind: s.bodyKind, text: s.body };
      if (s.bodyKind === 'json' && s.body.trim() !== '') {
        try {
          JSON.parse(s.body);
        } catch {
          body = { kind: 'text', text: s.body };
        }
      }
      break;
    case 'form-urlencoded':
      body = { kind: 'form-urlencoded', fields: s.formFields.map((f) => ({ ...f })) };
      break;
    case 'multipart':
      body = { kind: 'multipart', fields: s.multipartFields.map((f) => ({ ...f })) };
      break;
    case 'none':
      body = { kind: 'none' };
  }
  const saved: SavedRequest = {
    name,
    method: s.method,
    url: s.url,
    headers: s.headers.filter((h) => h.name !== '').map((h) => ({ ...h })),
    body,
    auth: { ...s.auth },
  };
  if (s.assertions.length > 0) saved.assertions = s.assertions.map((a) => ({ ...a }));
  return saved;
}

/** The part of the Console a save keeps, to tell unsaved changes. */

/**
 * A saved request's URL with its query rows joined in (issue 47): a Bruno import keeps
 * `params:query` as rows and the URL without them; they go out on every send and every run.
 */
export function urlOfSaved(request: Pick<SavedRequest, 'url' | 'query'>): string {
  const rows = (request.query ?? []).filter((r) => r.enabled && r.name);
  if (rows.length === 0) return request.url;
  const { base, query } = splitUrl(request.url);
  return joinUrl(base, [...query, ...rows]);
}
