/**
 * `decorest init [dir]` without `--from`: a small project to start from, two related models
 * (Author has many Books) with a few records and a README, written by the same writer as an
 * import so it reads like every other decorest project.
 */
import type { PlanContent, PlannedFile } from './plan-files.js';

export const STARTER_PLAN: PlanContent = {
  models: [
    {
      name: 'Author',
      path: 'authors',
      idType: 'number',
      fields: [
        { name: 'name', type: 'string', rules: { minLength: 1, maxLength: 100 } },
        { name: 'email', type: 'string', optional: true, rules: { format: 'email' } },
      ],
      relations: [],
      seed: [
        { id: 1, name: 'Ursula K. Le Guin', email: 'ursula@example.com' },
        { id: 2, name: 'Italo Calvino' },
      ],
    },
    {
      name: 'Book',
      path: 'books',
      idType: 'number',
      fields: [
        { name: 'title', type: 'string', rules: { minLength: 1 } },
        { name: 'year', type: 'number', optional: true, rules: { min: 1450, max: 2100 } },
        { name: 'read', type: 'boolean' },
      ],
      relations: [{ field: 'author', target: 'Author', hasMany: 'books' }],
      seed: [
        { id: 1, title: 'The Dispossessed', year: 1974, read: true, author: 1 },
        { id: 2, title: 'A Wizard of Earthsea', year: 1968, read: false, author: 1 },
        { id: 3, title: 'Invisible Cities', year: 1972, read: false, author: 2 },
      ],
    },
  ],
  routes: [],
};

const README = `# My decorest API

Two models, \`Author\` (author.ts) and \`Book\` (book.ts): each class is a REST collection.

\`\`\`sh
npx decorest serve .     # the API on http://127.0.0.1:3000
npx decorest studio .    # the same API with the studio: models, data, console, traffic
\`\`\`

Try:

- \`GET /books\`, \`GET /books/1\`, \`GET /authors/1/books\`, \`GET /books?embed=author\`
- \`POST /books\` with \`{ "title": "Kindred", "read": false, "author": 2 }\`
- \`POST /books\` with \`{ "title": "" }\`: a 422 naming every invalid field

Add a field to a class and the API follows. \`seed/\` holds the records a first start loads;
\`decorest seed reset .\` puts them back, \`decorest seed save .\` snapshots the current ones.
`;

/** The starter's README: written only where the folder has none. */
export const STARTER_EXTRAS: readonly PlannedFile[] = [
  { path: 'README.md', kind: 'readme', text: README },
];
