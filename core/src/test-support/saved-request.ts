/** A saved request of the tests: a plain GET of `{{baseUrl}}/todos` named as asked. */
import type { SavedRequest } from '../contract/requests-api.js';

export const plainRequest = (name: string, extra: Partial<SavedRequest> = {}): SavedRequest => ({
  name,
  method: 'GET',
  url: '{{baseUrl}}/todos',
  headers: [],
  body: { kind: 'none' },
  auth: { kind: 'none' },
  ...extra,
});
