/** Small pieces every view uses: method and status badges, byte and time formats. */
export function MethodBadge({ method }: { method: string }) {
  return <span className={`method ${method}`}>{method}</span>;
}

export function StatusBadge({ status }: { status: number }) {
  return <span className={`status s${Math.floor(status / 100)}`}>{status}</span>;
}

/** Issue 16: an answer the studio made up (delay, failure) or forwarded to the real backend. */
export function TagBadge({ tag }: { tag: 'simulated' | 'proxied' }) {
  return (
    <span
      className={`badge tag-${tag}`}
      title={
        tag === 'simulated'
          ? 'Simulated: a delay or failure rule of the mock API'
          : 'Proxied: no route matched, the real backend answered'
      }
    >
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
