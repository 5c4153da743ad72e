/**
 * CodeMirror 6 for JSON bodies (a lazy chunk). Mod-Enter sends instead of inserting a line;
 * the CSP nonce the page was served with, when there is one, goes to CodeMirror's style tag.
 */
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

import { useDark } from '../../ui/use-dark';
import { cspNonce } from './csp-nonce';

/**
 * JSON colours of the studio's own palette (the response tree's), readable on both themes: the
 * stock dark theme's property names fall below WCAG AA contrast.
 */
const jsonColours = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.propertyName, color: 'var(--m-patch)' },
    { tag: tags.string, color: 'var(--ok)' },
    { tag: tags.number, color: 'var(--m-put)' },
    { tag: tags.bool, color: 'var(--m-post)' },
    { tag: tags.null, color: 'var(--text-faint)' },
  ]),
);

export interface JsonEditorProps {
  value: string;
  label: string;
  onChange?(value: string): void;
  onSubmit?(): void;
  readOnly?: boolean;
  height?: string;
}

export default function JsonEditor({
  value,
  label,
  onChange,
  onSubmit,
  readOnly = false,
  height = '100%',
}: JsonEditorProps) {
  const dark = useDark();
  const extensions = useMemo(() => {
    const nonce = cspNonce();
    return [
      json(),
      Prec.highest(jsonColours),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (onSubmit?.(), true) }])),
    ];
  }, [label, onSubmit]);
  return (
    <CodeMirror
      value={value}
      height={height}
      theme={dark ? 'dark' : 'light'}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      onChange={onChange}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      className="json-editor"
    />
  );
}
