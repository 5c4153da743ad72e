/** A saved request as the collection lists it, for store tests: a GET of `/` named `name`. */
import type { RequestEntry } from '../api';

export const savedEntry = (folder: string, name: string): RequestEntry => ({
  path: `${folder ? `${folder}/` : ''}${name}.json`,
  folder,
  request: {
    name,
    method: 'GET',
    url: '/',
    headers: [],
    body: { kind: 'none' },
    auth: { kind: 'none' },
  },
});
