/**
 * A strict XML parse for tests of the JUnit report (issue 47): sax in strict mode (a dependency
 * of the dev tools, not of decorest) rejects what is not well-formed, and the characters XML 1.0
 * cannot carry are refused here, since sax lets them through.
 */
import { createRequire } from 'node:module';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

interface SaxParser {
  onerror: (error: Error) => void;
  onopentag: (tag: { name: string; attributes: Record<string, string> }) => void;
  onclosetag: () => void;
  ontext: (text: string) => void;
  write(text: string): SaxParser;
  close(): void;
}

const sax = createRequire(import.meta.url)('sax') as {
  parser(strict: boolean, options: { strictEntities: boolean }): SaxParser;
};

// XML 1.0 §2.2: no C0 controls but tab, LF and CR; no U+FFFE/U+FFFF; no lone surrogate.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The document's root element; throws naming the first fault. */
export function parseXml(text: string): XmlElement {
  if (!text.startsWith('<?xml version="1.0" encoding="UTF-8"?>'))
    throw new Error('no XML declaration');
  const bad = NOT_XML.exec(text);
  if (bad) throw new Error(`a character XML cannot carry at ${bad.index}`);
  if (LONE_SURROGATE.test(text)) throw new Error('a lone surrogate');
  const parser = sax.parser(true, { strictEntities: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (tag) => {
    const element = { name: tag.name, attributes: tag.attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else if (root) throw new Error('a second root element');
    else root = element;
    stack.push(element);
  };
  parser.onclosetag = () => void stack.pop();
  parser.ontext = (t) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += t;
  };
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}
