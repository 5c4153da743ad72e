/**
 * The model file, read-only, its decorators highlighted (a lazy chunk: CodeMirror). Opening
 * the user's editor is not offered here: the control server does not start programs on
 * request (a page that could do that is a hole); the path is shown to copy instead.
 */
import { RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

import type { DecoratorRange } from '../../api';
import { useDark } from '../../ui/use-dark';
import { cspNonce } from '../console/csp-nonce';

const mark = Decoration.mark({ class: 'cm-decorest-decorator' });

export default function ModelSource({
  text,
  decorators,
  label,
}: {
  text: string;
  decorators: DecoratorRange[];
  label: string;
}) {
  const dark = useDark();
  const extensions = useMemo(() => {
    const builder = new RangeSetBuilder<Decoration>();
    for (const d of [...decorators].sort((a, b) => a.from - b.from))
      if (d.to <= text.length) builder.add(d.from, d.to, mark);
    const nonce = cspNonce();
    return [
      EditorView.decorations.of(builder.finish()),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
    ];
  }, [decorators, text, label]);
  return (
    <CodeMirror
      value={text}
      theme={dark ? 'dark' : 'light'}
      extensions={extensions}
      readOnly
      editable={false}
      basicSetup={{ foldGutter: false, highlightActiveLine: false, autocompletion: false }}
      className="model-source"
    />
  );
}
