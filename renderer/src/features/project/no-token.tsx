import './project.css';
/** Shown when the page was opened without the studio's token (a bookmark, a new tab). */
export function NoToken() {
  return (
    <main className="empty no-token">
      <h1 className="no-token-title">This studio needs its launch link</h1>
      <p>
        The control API only answers the page opened from the link <code>decorest studio</code>{' '}
        printed (it carries a one-time token after <code>#token=</code>). Open that link again, or
        restart the studio to get a new one.
      </p>
    </main>
  );
}
