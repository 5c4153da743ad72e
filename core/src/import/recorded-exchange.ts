/**
 * One exchange with a real API as recorded traffic holds it (issue 46): a recording proxy's
 * journal (`decorest record`) and a HAR file's entries both become these, and one planner
 * (`traffic-plan.ts`) turns them into models, seed records, manual routes and rules.
 *
 * Secrets (RFC 9110 §11.6.2 `Authorization`, RFC 6265 `Cookie` and `Set-Cookie`, RFC 9110
 * §11.7.2 `Proxy-Authorization`) are dropped here, where a header first enters a recording,
 * so no file of the project (the journal included) ever holds one unless the user keeps it.
 */
import { isUtf8 } from 'node:buffer';

export interface RecordedExchange {
  /** Upper-case, as sent. */
  readonly method: string;
  /** Path and query as sent, relative to the API's base URL (`/users?page=2`). */
  readonly url: string;
  readonly status: number;
  /** The answer's headers, names lower-case, secrets already dropped. */
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's body as text; none when it had none or it was not kept (`skipped`). */
  readonly body?: string;
  /** Why an answer with a body has none here. */
  readonly skipped?: SkippedBody;
}

export type SkippedBody =
  /** Bytes that are no UTF-8 text (an image, a PDF): nothing a rule or a route can answer. */
  | { readonly reason: 'binary'; readonly bytes: number; readonly type?: string }
  /** Over the recording's per-exchange limit: streamed through, not recorded. */
  | { readonly reason: 'limit'; readonly bytes: number; readonly limit: number }
  /** Answered while other answers held all the memory a recording takes: not recorded. */
  | { readonly reason: 'busy'; readonly bytes: number; readonly limit: number }
  /** Compressed in a way that could not be undone (a broken stream, an unknown coding). */
  | { readonly reason: 'encoding'; readonly bytes: number; readonly coding: string };

/** Headers never written into a project unless kept by name (`--keep-header`). */
export const SECRET_HEADERS: readonly string[] = [
  'authorization',
  'cookie',
  'set-cookie',
  'proxy-authorization',
];

/**
 * `headers` without the secrets (those in `keep`, lower-case, stay), names lower-cased, lists
 * joined with `, ` (a kept `Set-Cookie` list keeps its first cookie: one header line a mock
 * can send).
 */
export function withoutSecrets(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  keep: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [raw, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = raw.toLowerCase();
    if (SECRET_HEADERS.includes(name) && !keep.has(name)) continue;
    out[name] =
      typeof value === 'string'
        ? value
        : name === 'set-cookie'
          ? (value[0] ?? '')
          : value.join(', ');
  }
  return out;
}

/** Content types whose bodies are text, whatever their bytes say. */
const TEXT_TYPE =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded|graphql|yaml|x-yaml|ld\+json)\b)/i;

/** Content types that are bytes (images, fonts, archives, media), however their bytes look. */
const BINARY_TYPE =
  /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|x-protobuf|protobuf|wasm|vnd\.)/i;

/** The body of an answer as text, or the reason it is skipped as binary. */
export function bodyText(
  bytes: Buffer,
  contentType: string | undefined,
): { body: string } | { skipped: SkippedBody } {
  const type = contentType?.split(';')[0]?.trim();
  const binary =
    (type !== undefined && BINARY_TYPE.test(type) && !TEXT_TYPE.test(type)) || !isUtf8(bytes);
  if (binary)
    return {
      skipped: { reason: 'binary', bytes: bytes.length, ...(type ? { type } : {}) },
    };
  return { body: bytes.toString('utf8') };
}

/** `1.5 MB`, `320 KB`, `12 B`: sizes in notes. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** `1 exchange`, `3 exchanges`. */
export function exchangesText(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'exchange' : 'exchanges'}`;
}
