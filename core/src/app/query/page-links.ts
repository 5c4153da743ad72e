/**
 * The `Link` header json-server 0.17 sends with `_page`, so paginating frontends written for
 * it work unchanged (CONTRACT §2).
 */

/** A Host header we can put in a URL: a name or address and an optional port. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The absolute URL of `basePath` as the client reached it. json-server 0.17 sends absolute
 * links (its `getFullURL`): a frontend on another origin follows them as they are, whereas a
 * bare path would resolve against the frontend's own origin. Without a usable Host (HTTP/1.0),
 * the path alone.
 */
export function absoluteBase(host: string | undefined, basePath: string): string {
  return host !== undefined && HOST.test(host) ? `http://${host}${basePath}` : basePath;
}

/** How a keyset walk (issue 44) continues: from a cursor, or not at all. */
export interface NextPage {
  /** The cursor of this page's last record (page-cursor.ts). */
  readonly after?: string | undefined;
  /** Nothing follows this page's last record: no `next`, whatever the page numbers say. */
  readonly ended?: boolean;
}

/**
 * `Link` with first, prev, next and last page URLs under `baseUrl`, the query kept. With a
 * cursor (`next.after`, issue 44) `next` also carries `_after`: the page that follows this
 * one's last record, found without skipping the pages before it; the other links, and `next`
 * for a client that reads only `_page`, stay page numbers.
 */
export function pageLinks(
  baseUrl: string,
  search: URLSearchParams,
  page: { number: number; size: number },
  total: number,
  next: NextPage = {},
): string {
  const last = Math.max(1, Math.ceil(total / Math.max(1, page.size)));
  const link = (n: number, rel: string, cursor?: string): string => {
    const params = new URLSearchParams(search);
    params.set('_page', String(n));
    // A cursor names the end of this page: no other page starts there.
    params.delete('_after');
    if (cursor !== undefined) params.set('_after', cursor);
    return `<${baseUrl}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page.number > 1) links.push(link(Math.min(page.number - 1, last), 'prev'));
  if (page.number < last && next.ended !== true)
    links.push(link(page.number + 1, 'next', next.after));
  links.push(link(last, 'last'));
  return links.join(', ');
}
