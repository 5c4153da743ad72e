import { countDecorators, type DecoratorVotes, NO_VOTES } from './decorator-style.js';

/**
 * The project's way of writing TypeScript, read from its own files, so what the studio writes
 * looks like the user wrote it: quote kind, semicolons, indentation, decorators.
 */
export interface SourceStyle {
  readonly quote: "'" | '"';
  readonly semi: boolean;
  /** One level of indentation: two or four spaces, or a tab. */
  readonly indent: string;
  /** How relative imports end: `.js` (NodeNext) or nothing. */
  readonly importExtension: '.js' | '';
  /** How the project writes its decorators; a file's own habits come first (`decorator-style.ts`). */
  readonly decorators: DecoratorVotes;
}

export const DEFAULT_STYLE: SourceStyle = {
  quote: "'",
  semi: true,
  indent: '  ',
  importExtension: '.js',
  decorators: NO_VOTES,
};

/** Majority votes over `texts` (the project's `.ts` files); ties keep the default. */
export function detectStyle(texts: readonly string[]): SourceStyle {
  let single = 0;
  let double = 0;
  let withSemi = 0;
  let withoutSemi = 0;
  let withJs = 0;
  let withoutJs = 0;
  const indents = new Map<string, number>();
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const trimmed = line.trimEnd();
      const from = /\bfrom\s+(['"])([^'"]*)\1(;?)$/.exec(trimmed);
      if (from) {
        if (from[1] === "'") single++;
        else double++;
        if (from[3] === ';') withSemi++;
        else withoutSemi++;
        if (from[2]!.startsWith('.')) {
          if (from[2]!.endsWith('.js')) withJs++;
          else withoutJs++;
        }
      } else if (/^\s+\w+[!?]?:\s*[^=]+$/.test(trimmed) && !trimmed.endsWith(',')) {
        // A property declaration line: `  name!: string;`
        if (trimmed.endsWith(';')) withSemi++;
        else if (!trimmed.endsWith('{')) withoutSemi++;
      }
      const lead = /^( +|\t+)\S/.exec(line);
      if (lead) indents.set(lead[1]!, (indents.get(lead[1]!) ?? 0) + 1);
    }
  }
  let indent = DEFAULT_STYLE.indent;
  if ((indents.get('\t') ?? 0) > (indents.get('  ') ?? 0) + (indents.get('    ') ?? 0))
    indent = '\t';
  else if ((indents.get('    ') ?? 0) > 0 && (indents.get('  ') ?? 0) === 0) indent = '    ';
  return {
    quote: double > single ? '"' : "'",
    semi: withoutSemi > withSemi ? false : true,
    indent,
    importExtension: withoutJs > withJs ? '' : '.js',
    decorators: countDecorators(texts),
  };
}

/** A string literal in the style's quotes. */
export function quoted(value: string, style: SourceStyle): string {
  const json = JSON.stringify(value);
  if (style.quote === '"') return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A JSON value as a TypeScript literal (objects on one line). */
export function literal(value: unknown, style: SourceStyle): string {
  if (typeof value === 'string') return quoted(value, style);
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, style)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const body = entries
      .map(
        ([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : quoted(k, style)}: ${literal(v, style)}`,
      )
      .join(', ');
    return `{ ${body} }`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
