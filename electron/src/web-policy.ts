/**
 * What the window lets its page do beyond showing itself: open links, ask for permissions.
 * Plain functions so the rules are tested without Electron; window.ts applies them.
 */

/**
 * The URL to hand to the system browser for a link or `window.open`, or `undefined` to drop it.
 * Only http(s): `file:`, `javascript:`, `smb:`, custom schemes and the like would run or open
 * something on this machine (Electron security checklist §15, "do not use openExternal with
 * untrusted content").
 */
export function externalUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every permission request is denied, save writing sanitized text to the clipboard from our own
 * page: the studio's "copy URL" and "copy as curl" buttons use `navigator.clipboard.writeText`.
 * No reading the clipboard, camera, notifications, geolocation, etc.
 */
export function permissionAllowed(
  permission: string,
  requestingOrigin: string,
  appOrigin: string,
): boolean {
  return permission === 'clipboard-sanitized-write' && requestingOrigin === appOrigin;
}

/** The window title: the page's own, then any note the user should see (a port that moved). */
export function windowTitle(pageTitle: string, notes: readonly string[]): string {
  const base = pageTitle.trim() || 'Decorest Studio';
  return notes.length === 0 ? base : `${base} (${notes.join('; ')})`;
}
