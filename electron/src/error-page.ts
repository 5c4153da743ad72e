import { randomBytes } from 'node:crypto';

import { buildErrorPageCsp } from './csp.js';

/** What went wrong, in words for the person at the window. */
export interface PageFailure {
  title: string;
  /** The error's own message (a load error's `file:line:column: reason`, a port clash, …). */
  detail: string;
  /** What to do about it. */
  hint?: string;
}

/** HTML-escapes text for element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The built-in page shown instead of a blank window when the core cannot start or stops, or the
 * UI is not built. Static HTML, no script; its one style block is allowed by nonce.
 */
export function renderErrorPage(failure: PageFailure, nonce: string): string {
  const hint = failure.hint ? `<p>${escapeHtml(failure.hint)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<title>Decorest Studio: ${escapeHtml(failure.title)}</title>
<style nonce="${escapeHtml(nonce)}">
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; padding: 48px; }
main { max-width: 720px; margin: 0 auto; }
h1 { font-size: 20px; }
pre { white-space: pre-wrap; word-break: break-word; padding: 12px; border-radius: 6px;
      background: color-mix(in srgb, currentColor 8%, transparent); }
</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(failure.title)}</h1>
<pre>${escapeHtml(failure.detail)}</pre>
${hint}
</main>
</body>
</html>
`;
}

/** The error page as a response, with its own strict policy. */
export function errorPageResponse(failure: PageFailure, status = 200, head = false): Response {
  const nonce = randomBytes(16).toString('base64');
  return new Response(head ? null : renderErrorPage(failure, nonce), {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': buildErrorPageCsp(nonce),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
