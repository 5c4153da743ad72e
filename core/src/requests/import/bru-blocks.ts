/**
 * Issue 30: the blocks of one Bruno `.bru` file (bruno-lang v2, as Bruno writes them):
 * `name {` key: value lines `}` (a `~` before the key switches a row off), `name [` one item per
 * line `]`, and text blocks (`body:json`, `script:*`, `tests`, `docs`) whose lines are indented
 * two spaces and end at a `}` in the first column. A line that fits none of these is an error
 * naming its line.
 */
import { ImportError } from '../../errors.js';

export interface BruRow {
  name: string;
  value: string;
  enabled: boolean;
}

export type BruBlock =
  | { kind: 'dict'; name: string; rows: BruRow[]; line: number }
  | { kind: 'list'; name: string; items: string[]; line: number }
  | { kind: 'text'; name: string; text: string; line: number };

const TEXT_BLOCK = /^(body:(json|text|xml|graphql|sparql)|script:.*|tests|docs)$/;

export function readBruBlocks(file: string, source: string): BruBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BruBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const open = /^([A-Za-z][\w:-]*)\s*([{[])\s*$/.exec(line);
    if (!open)
      throw new ImportError(
        file,
        `${i + 1}:1`,
        `expected a block such as "meta {", got ${JSON.stringify(line.trim())}`,
      );
    const [name, bracket] = [open[1]!, open[2]!];
    const start = i + 1;
    const close = bracket === '{' ? '}' : ']';
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]!.trimEnd() !== close; i++) body.push(lines[i]!);
    if (i >= lines.length)
      throw new ImportError(file, `${start}:1`, `block ${name} is never closed with ${close}`);
    i++;
    if (bracket === '[') {
      blocks.push({
        kind: 'list',
        name,
        items: body.map((l) => l.trim().replace(/,$/, '')).filter((l) => l !== ''),
        line: start,
      });
    } else if (TEXT_BLOCK.test(name)) {
      blocks.push({
        kind: 'text',
        name,
        text: body.map((l) => l.replace(/^ {2}/, '')).join('\n'),
        line: start,
      });
    } else {
      const rows: BruRow[] = [];
      body.forEach((raw, n) => {
        if (raw.trim() === '') return;
        const cut = raw.indexOf(':');
        if (cut === -1)
          throw new ImportError(
            file,
            `${start + n + 1}:1`,
            `expected "name: value" in ${name}, got ${JSON.stringify(raw.trim())}`,
          );
        const key = raw.slice(0, cut).trim();
        rows.push({
          name: key.replace(/^~/, ''),
          value: raw.slice(cut + 1).trim(),
          enabled: !key.startsWith('~'),
        });
      });
      blocks.push({ kind: 'dict', name, rows, line: start });
    }
  }
  return blocks;
}
