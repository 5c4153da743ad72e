/** Small pieces every view uses: method and status badges, byte and time formats. */
export function MethodBadge({ method }: { method: string }) {
  return <span className={`method ${method}`}>{method}</span>;
}

/**
 * A field's "required" or "optional", as every field table says it; `null` for a field no
 * client is asked for (an id the store makes).
 */
export function Requirement({
  required,
  accent = false,
}: {
  required: boolean | null;
  accent?: boolean;
}) {
  if (required === null) return <span className="faint">—</span>;
  if (!required) return <span className="faint">optional</span>;
  return <span className={accent ? 'badge accent' : 'badge'}>required</span>;
}

export function StatusBadge({ status }: { status: number }) {
  return <span className={`status s${Math.floor(status / 100)}`}>{status}</span>;
}

const TAG_TITLES = {
  simulated: 'Simulated: a delay or failure rule of the mock API',
  proxied: 'Proxied: no route matched, the real backend answered',
  outgoing: 'Outgoing: the Console sent it to another host through the studio',
} as const;

/**
 * Issue 16: an answer the studio made up (delay, failure) or forwarded to the real backend;
 * issue 30: a request the Console sent to another host.
 */
export function TagBadge({ tag }: { tag: keyof typeof TAG_TITLES }) {
  return (
    <span className={`badge tag-${tag}`} title={TAG_TITLES[tag]}>
      {tag}
    </span>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
