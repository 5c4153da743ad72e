/**
 * Issue 30: a user's name made into a file or folder name that is the same on every system a
 * team commits from, and the checks that keep every path the control API takes inside the
 * project's `requests/` and `environments/` folders.
 */

/** Longest file or folder name written (well under every file system's 255). */
export const FILE_NAME_LIMIT = 100;
/** Deepest folder nesting under `requests/`. */
export const FOLDER_DEPTH_LIMIT = 8;

// Windows refuses these as names, with any extension (`con.json` too).
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
// Characters Windows, macOS or Linux refuse in a name, and every control character.
// eslint-disable-next-line no-control-regex
const REFUSED = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

/**
 * `name` as a file or folder name: refused characters become `-`, no dot or space at either
 * end (Windows drops them), a device name gets `_`, at most {@link FILE_NAME_LIMIT} characters
 * (not cutting a surrogate pair); `fallback` when nothing is left.
 *
 * @example
 * safeName('Get /todos: all?', 'request'); // 'Get -todos- all-'
 * safeName('..', 'folder'); // 'folder'
 */
export function safeName(name: string, fallback: string): string {
  let out = name.replace(REFUSED, '-').replace(/^[\s.]+|[\s.]+$/g, '');
  out = [...out]
    .slice(0, FILE_NAME_LIMIT)
    .join('')
    .replace(/[\s.]+$/, '');
  if (out === '') return fallback;
  return DEVICE.test(out) ? `_${out}` : out;
}

/**
 * A folder the user typed (`users/admin`) as safe parts, or why not. `.` and `..` parts are
 * refused rather than renamed: they mean a place outside, never a name.
 */
export function folderParts(
  folder: string,
): { ok: true; parts: string[] } | { ok: false; message: string } {
  if (folder.includes('\0')) return { ok: false, message: 'must not contain a NUL character' };
  const raw = folder.split(/[/\\]/).filter((p) => p !== '');
  if (raw.some((p) => p.trim() === '.' || p.trim() === '..'))
    return { ok: false, message: 'must not contain . or .. parts' };
  if (raw.length > FOLDER_DEPTH_LIMIT)
    return { ok: false, message: `must be at most ${FOLDER_DEPTH_LIMIT} folders deep` };
  return { ok: true, parts: raw.map((p) => safeName(p, 'folder')) };
}

/**
 * A `path` the control API was given back (`users/Get user.json`): relative, with `/`, no
 * `.`/`..` part or NUL, each part already safe, ending in `.json`. Anything else is refused,
 * never repaired: it did not come from a list answer.
 */
export function isCollectionPath(path: string): boolean {
  if (path.length === 0 || path.length > 1000 || !path.endsWith('.json')) return false;
  const parts = path.split('/');
  return (
    parts.length <= FOLDER_DEPTH_LIMIT + 1 &&
    parts.every((p) => p !== '' && p !== '.' && p !== '..' && safeName(p, '') === p)
  );
}
