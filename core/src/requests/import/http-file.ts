/**
 * Issue 30: a `.http` / `.rest` file (VS Code REST Client, JetBrains HTTP Client) as saved
 * requests. Requests are separated by `###` lines; `# @name x` (or `// @name x`, or the text
 * after `###`, or else the comment line above the request line, issue 41) names one; then the
 * request line (any method token, `QUERY` too, kept as written) (`METHOD URL [HTTP/1.1]`, or a URL alone for
 * GET) with `?`/`&` continuation lines, headers up to a blank line, and the body up to the next
 * `###`. `@var = value` lines are file variables: they become an environment named after the
 * file. Response handlers (`> {% %}`) and bodies read from a file (`< ./x.json`) are skipped.
 */
import type { KeyValueRow, RequestBody } from '../../contract/requests-api.js';
import { ImportError } from '../../errors.js';
import { blankRequest, type ImportedCollection } from './imported.js';

const COMMENT = /^\s*(#|\/\/)/;
const NAME = /^\s*(?:#|\/\/)\s*@name\s*(?:=\s*)?(\S.*?)\s*$/;
const FILE_VARIABLE = /^\s*@([A-Za-z0-9_.$-]+)\s*=\s*(.*?)\s*$/;
const REQUEST_LINE = /^(?:([A-Z]+)\s+)?((?:https?:\/\/|\/|\{\{)\S*)(?:\s+HTTP\/[\d.]+)?\s*$/;

interface Block {
  title: string;
  /** 1-based line of each of `lines`. */
  first: number;
  lines: string[];
}

function blocks(source: string): Block[] {
  const out: Block[] = [{ title: '', first: 1, lines: [] }];
  source
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((line, i) => {
      const separator = /^###(.*)$/.exec(line);
      if (separator) out.push({ title: separator[1]!.trim(), first: i + 2, lines: [] });
      else out[out.length - 1]!.lines.push(line);
    });
  return out;
}

export function readHttpFile(fileName: string, source: string): ImportedCollection {
  const name = fileName.replace(/\.(http|rest)$/i, '') || 'requests';
  const out: ImportedCollection = {
    format: 'http',
    name,
    requests: [],
    environments: [],
    skipped: [],
  };
  const variables: { name: string; value: string }[] = [];
  for (const block of blocks(source)) {
    let i = 0;
    let title = block.title;
    // The last plain comment above the request line: "# Get catalog items" names it when
    // nothing else does (as the REST Client shows it), not its request line.
    let comment = '';
    const at = (n: number) => `${block.first + n}:1`;
    // Before the request line: comments, `@name`, file variables, blank lines.
    for (; i < block.lines.length; i++) {
      const line = block.lines[i]!;
      const named = NAME.exec(line);
      const variable = FILE_VARIABLE.exec(line);
      if (named) title = named[1]!;
      else if (variable) variables.push({ name: variable[1]!, value: variable[2]! });
      else if (COMMENT.test(line)) {
        const text = line.replace(/^\s*(#+|\/\/+)/, '').trim();
        // `# @no-log`, `# @prompt x` and the like are directives, not descriptions.
        if (text !== '' && !text.startsWith('@') && /[\p{L}\p{N}]/u.test(text)) comment = text;
      } else if (line.trim() !== '') break;
    }
    title ||= comment;
    if (i >= block.lines.length) continue;
    const requestLine = REQUEST_LINE.exec(block.lines[i]!.trim());
    if (!requestLine)
      throw new ImportError(
        fileName,
        at(i),
        `expected a request line (GET https://…), got ${JSON.stringify(block.lines[i]!.trim())}`,
      );
    let url = requestLine[2]!;
    const method = requestLine[1] ?? 'GET';
    for (i++; i < block.lines.length && /^\s+[?&]/.test(block.lines[i]!); i++)
      url += block.lines[i]!.trim();
    const headers: KeyValueRow[] = [];
    for (; i < block.lines.length && block.lines[i]!.trim() !== ''; i++) {
      const line = block.lines[i]!;
      if (COMMENT.test(line)) continue;
      const cut = line.indexOf(':');
      if (cut <= 0)
        throw new ImportError(
          fileName,
          at(i),
          `expected a header "Name: value", got ${JSON.stringify(line.trim())}`,
        );
      headers.push({
        name: line.slice(0, cut).trim(),
        value: line.slice(cut + 1).trim(),
        enabled: true,
      });
    }
    const label = title || `${method} ${url}`;
    const bodyLines: string[] = [];
    for (i++; i < block.lines.length; i++) {
      const line = block.lines[i]!;
      if (/^>\s/.test(line) || /^<>/.test(line)) {
        out.skipped.push({
          item: label,
          reason: 'response handlers and references are not imported',
        });
        break;
      }
      bodyLines.push(line);
    }
    const text = bodyLines.join('\n').replace(/\s+$/, '');
    const request = blankRequest(label, method, url);
    request.headers = headers;
    if (/^<\s/.test(text))
      out.skipped.push({
        item: label,
        reason: `the body read from a file (${text.split('\n')[0]}) is not imported`,
      });
    else request.body = bodyOf(text, headers);
    out.requests.push({ folders: [], request });
  }
  if (variables.length > 0) out.environments.push({ name, variables });
  return out;
}

function bodyOf(text: string, headers: readonly KeyValueRow[]): RequestBody {
  if (text === '') return { kind: 'none' };
  const type =
    headers.find((h) => h.name.toLowerCase() === 'content-type')?.value.toLowerCase() ?? '';
  if (type.includes('json')) return { kind: 'json', text };
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const fields = text
      .replace(/\n\s*/g, '')
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const cut = pair.indexOf('=');
        const [k, v] = cut === -1 ? [pair, ''] : [pair.slice(0, cut), pair.slice(cut + 1)];
        const decode = (s: string) => {
          try {
            return decodeURIComponent(s.replace(/\+/g, ' '));
          } catch {
            return s;
          }
        };
        return { name: decode(k), value: decode(v), enabled: true };
      });
    return { kind: 'form-urlencoded', fields };
  }
  // A body that parses as JSON without a Content-Type is still JSON (REST Client sends it so).
  if (type === '') {
    try {
      JSON.parse(text);
      return { kind: 'json', text };
    } catch {
      // plain text
    }
  }
  return type === '' ? { kind: 'text', text } : { kind: 'text', text, contentType: type };
}
