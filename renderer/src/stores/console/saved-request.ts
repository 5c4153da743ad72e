/** Issue 30: a Console tab's request as the saved-request file keeps it (and the history too). */
import type { SavedRequest } from '../../api';
import type { SaveRow, TabState } from './console-state';

/**
 * Issue 47: the rows of "Save from answer" as a request's `set`: the named ones, a name given
 * twice saved from its last row; null prototype, `__proto__` is a name like any other.
 */
export function setOfRows(rows: readonly SaveRow[]): Record<string, string> {
  const set = Object.create(null) as Record<string, string>;
  for (const row of rows) if (row.name.trim() !== '') set[row.name.trim()] = row.source.trim();
  return set;
}

/** A saved request's `set` as rows, in order. */
export const rowsOfSet = (set: Readonly<Record<string, string>> | undefined): SaveRow[] =>
  Object.entries(set ?? {}).map(([name, source]) => ({ name, source }));

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
    | 'saves'
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
  const set = setOfRows(s.saves);
  if (Object.keys(set).length > 0) saved.set = set;
  return saved;
}

/** A tab's request as text, to tell whether it changed since it was opened or saved. */
export const tabSnapshot = (s: Parameters<typeof savedRequestOf>[0]): string =>
  JSON.stringify(savedRequestOf(s, ''));
