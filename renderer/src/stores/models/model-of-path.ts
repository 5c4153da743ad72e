/** Which model a mock API path belongs to, for routes and URLs that do not say. */
import type { ModelInfo } from '../../api';

/**
 * The model whose path is the URL's last matching segment (`/users/1/todos` → Todo), among
 * those `accept` takes; null when none matches.
 */
export function modelOfPath(
  url: string,
  models: readonly ModelInfo[],
  accept: (model: ModelInfo) => boolean = () => true,
): ModelInfo | null {
  const path = url.split('?')[0] ?? '';
  const segments = path.split('/').filter(Boolean).reverse();
  for (const segment of segments) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      continue; // a malformed escape names no model
    }
    const model = models.find((m) => accept(m) && m.path === name);
    if (model) return model;
  }
  return null;
}
