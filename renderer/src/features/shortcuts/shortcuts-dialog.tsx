/** Every keyboard shortcut of the studio, in one list (opened with `?` or the bar's button). */
import { Fragment } from 'react';

import { VIEWS } from '../../stores/ui/ui-store';
import { Dialog } from '../../ui/dialog';

import './shortcuts.css';

const MOD = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl';

/** Keys as alternatives, each a chord: `[['Ctrl', '1']]`, `[['Home'], ['End']]`. */
type Shortcut = [keys: string[][], what: string];

const GROUPS: [title: string, shortcuts: Shortcut[]][] = [
  [
    'Anywhere',
    [
      ...VIEWS.map((view, i): Shortcut => [[[MOD, String(i + 1)]], `Show ${view}`]),
      [[['←'], ['→']], 'Previous or next view, on the view tabs'],
      [[['?']], 'This list (not in a text field or the grid, where ? is typed)'],
      [[['Esc']], 'Close a dialog'],
    ],
  ],
  [
    'Data grid',
    [
      [[['↑'], ['↓'], ['←'], ['→']], 'Move between cells'],
      [[['Tab'], ['Shift', 'Tab']], 'Leave the grid: to the next or the previous control'],
      [[['Enter']], 'Edit the cell (or double-click it, or type over it)'],
      [[['Enter'], ['Tab']], 'Save the edit'],
      [[['Esc']], 'Cancel the edit'],
      [[['Delete']], 'Delete the record (asks first)'],
      [[[MOD, 'Enter']], 'Open the record a relation cell points at'],
      [[['Home'], ['End']], 'First or last cell of the row (with Ctrl: of the grid)'],
      [[['PgUp'], ['PgDn']], 'A page up or down'],
    ],
  ],
  [
    'Console',
    [
      [[[MOD, 'Enter']], 'Send the request'],
      [[[MOD, 'S']], 'Save the request (in place when a saved one is open)'],
      [
        [
          [MOD, 'T'],
          ['Alt', 'T'],
        ],
        'A new tab (a browser keeps Ctrl+T: Alt+T there)',
      ],
    ],
  ],
  [
    // Issue 48: the Saved tab's tree (saved-tree.tsx), one Tab stop.
    'Saved requests',
    [
      [[['↑'], ['↓']], 'Previous or next request or folder'],
      [[['→'], ['←']], 'Open or close a folder; into it, or back to it'],
      [[['Home'], ['End']], 'First or last one'],
      [[['a–z']], 'The next one whose name starts with the letter'],
      [[['Enter'], ['Space']], 'Open the request in a tab, or open or close the folder'],
      [[['Shift', 'F10'], ['Menu']], 'Its actions (or right-click it)'],
      [[['F2']], 'Rename it'],
      [[['Delete']], 'Delete the request (asks first)'],
    ],
  ],
];

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      {/* Focusable: on a short window the list scrolls, and the keyboard must reach it. */}
      <div className="body shortcuts" tabIndex={0} role="region" aria-label="Shortcuts">
        {GROUPS.map(([title, shortcuts]) => (
          <table key={title} className="shortcuts-table">
            <caption>{title}</caption>
            <tbody>
              {shortcuts.map(([keys, what]) => (
                <tr key={what}>
                  <th scope="row">
                    {keys.map((chord, i) => (
                      <Fragment key={chord.join('+')}>
                        {i > 0 && ' / '}
                        {chord.map((key, j) => (
                          <Fragment key={key}>
                            {j > 0 && '+'}
                            <kbd className="kbd">{key}</kbd>
                          </Fragment>
                        ))}
                      </Fragment>
                    ))}
                  </th>
                  <td>{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Dialog>
  );
}
