// A generated m-model decorest project (issue 6: "load time of a 20-model project"): m model
// files of a few fields each, tied into a tree by @BelongTo / @HasMany (each model after the
// first belongs to one earlier model, with circular imports between parent and child), and a
// few records per model in data/.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { writeNedbFile } from './data.mjs';

const NAMES = [
  'Account', 'Project', 'Task', 'Comment', 'Tag', 'Invoice', 'Payment', 'Customer', 'Order',
  'Product', 'Category', 'Review', 'Shipment', 'Warehouse', 'Supplier', 'Employee', 'Department',
  'Meeting', 'Note', 'Attachment',
]; // prettier-ignore

const RECORDS_PER_MODEL = 10;

function modelName(i) {
  return i < NAMES.length ? NAMES[i] : `Thing${i + 1}`;
}

/** decorest's default path: the class name in lower case, plural (all names here take an s). */
function pathOf(name) {
  return `${name.toLowerCase()}s`;
}

const parentOf = (i) => (i === 0 ? undefined : Math.floor((i - 1) / 2));

function modelSource(i, count) {
  const name = modelName(i);
  const parent = parentOf(i);
  const children = [];
  for (let c = 1; c < count; c++) if (parentOf(c) === i) children.push(c);
  const decorators = ['FromDataSource', 'Rest'];
  if (parent !== undefined) decorators.push('BelongTo');
  if (children.length) decorators.push('HasMany');
  const imports = [parent, ...children]
    .filter((x) => x !== undefined)
    .map((x) => modelName(x))
    .sort()
    .map((other) => `import { ${other} } from './${other.toLowerCase()}.js';`);
  const lines = [
    `import { ${decorators.sort().join(', ')} } from 'decorest';`,
    '',
    ...imports,
    ...(imports.length ? [''] : []),
    '@Rest',
    '@FromDataSource',
    `export class ${name} {`,
    '  id!: number;',
    '  name!: string;',
    '  note?: string;',
    '  amount!: number;',
    '  active!: boolean;',
  ];
  if (parent !== undefined) {
    const p = modelName(parent);
    lines.push('', '  @BelongTo', `  ${p.toLowerCase()}?: ${p};`);
  }
  for (const c of children) {
    const child = modelName(c);
    lines.push('', '  @HasMany', `  ${pathOf(child)}!: ${child}[];`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** Writes the project into `dir`; returns the route that answers 200 once it is served. */
export async function writeModelProject(dir, count) {
  await mkdir(join(dir, 'data'), { recursive: true });
  for (let i = 0; i < count; i++) {
    const name = modelName(i);
    await writeFile(join(dir, `${name.toLowerCase()}.ts`), modelSource(i, count));
    const parent = parentOf(i);
    const records = Array.from({ length: RECORDS_PER_MODEL }, (_, r) => {
      const record = { id: r + 1, name: `${name} ${r + 1}`, amount: r * 10, active: r % 2 === 0 };
      if (parent !== undefined) record[modelName(parent).toLowerCase()] = 1 + (r % 3);
      return record;
    });
    await writeNedbFile(join(dir, `data/${pathOf(name)}.db`), records);
  }
  return `/${pathOf(modelName(0))}?limit=10`;
}
