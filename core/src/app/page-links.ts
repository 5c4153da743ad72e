/**
 * The `Link` header json-server 0.17 sends with `_page` (first, prev, next, last), so
 * paginating frontends written for it work unchanged (CONTRACT §2).
 */
export function pageLinks(
  basePath: string,
  search: URLSearchParams,
  page: { number: number; size: number },
  total: number,
): string {
  const last = Math.max(1, Math.ceil(total / Math.max(1, page.size)));
  const link = (n: number, rel: string): string => {
    const params = new URLSearchParams(search);
    params.set('_page', String(n));
    return `<${basePath}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page.number > 1) links.push(link(Math.min(page.number - 1, last), 'prev'));
  if (page.number < last) links.push(link(page.number + 1, 'next'));
  links.push(link(last, 'last'));
  return links.join(', ');
}
