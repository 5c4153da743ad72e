/**
 * The editor of a relation cell: the parent's id, typed, or picked from the target model's
 * records as a database client offers a foreign key's rows (downshift's combobox gives the
 * ARIA roles and the keyboard). For a numeric-id parent, a typed id is looked up and saved as
 * typed, and a typed name picks its first match (marked in the list); arrows and Enter, or a
 * click, pick any suggestion. Escape leaves the cell as it was; Tab and leaving the cell save.
 */
import { useCombobox } from 'downshift';
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import type { RecordKey } from '../../api';
import {
  isNumericId,
  type ParentOption,
  useParentOptions,
} from '../../stores/relations/parent-options';

export function RelationEditor({
  label,
  target,
  current,
  initialText,
  onCommit,
  onCancel,
}: {
  /** The input's accessible name (`Edit user of record 2`). */
  label: string;
  /** The model the relation points at. */
  target: string;
  /** The parent the cell holds now, marked in the list. */
  current: RecordKey | null;
  initialText: string;
  onCommit(text: string): void;
  onCancel(): void;
}) {
  // Mirrors the input for the search; the input itself is downshift's (a controlled value
  // dropped keys typed faster than a render).
  const [text, setText] = useState(initialText);
  // Until the text changes, the list offers the first records (the cell's own is marked), not
  // just the parent it already holds.
  const { answer, query, numeric } = useParentOptions(target, text === initialText ? '' : text);
  const fresh = answer !== null && answer.query === query;
  const items = fresh ? answer.options : [];
  const byName = (value: string) => numeric && value.trim() !== '' && !isNumericId(value);
  const input = useRef<HTMLInputElement | null>(null);
  const enterWaiting = useRef(false);
  const done = useRef(false);
  const finish = (value: string | null) => {
    if (done.current) return;
    done.current = true;
    if (value === null) onCancel();
    else onCommit(value);
  };
  /** What saving `value` means: a name stands for its first match, when the list has one. */
  const resolved = (value: string): string | null => {
    if (!byName(value)) return value;
    return fresh && items[0] ? String(items[0].id) : null;
  };
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } =
    useCombobox<ParentOption>({
      items,
      itemToString: (option) => (option ? String(option.id) : ''),
      initialInputValue: initialText,
      onInputValueChange: ({ inputValue }) => {
        enterWaiting.current = false;
        setText(inputValue);
      },
      selectedItem: null,
      initialIsOpen: true,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) finish(String(selectedItem.id));
      },
      // Leaving the cell saves what is typed, not a suggestion the pointer happened to rest on.
      stateReducer: (state, { type, changes }) =>
        type === useCombobox.stateChangeTypes.InputBlur
          ? { ...changes, selectedItem: state.selectedItem }
          : changes,
    });
  // Enter on a name before its matches arrived: take the first match once they do.
  useEffect(() => {
    if (!enterWaiting.current || !fresh) return;
    enterWaiting.current = false;
    if (items[0]) finish(String(items[0].id));
  }, [fresh, items]);
  const leave = () => {
    const value = input.current?.value ?? text;
    finish(resolved(value) ?? value);
  };
  const place = usePlaceNear(input);
  const defaultIndex = byName(text) && highlightedIndex < 0 ? 0 : -1;
  return (
    <>
      <input
        className="rdg-editor"
        autoFocus
        {...getInputProps({
          'aria-label': label,
          // Named by aria-label: downshift would point at a <label> this editor does not have.
          'aria-labelledby': undefined,
          ref: input,
          onBlur: leave,
          onKeyDown: (e) => {
            // This editor closes itself: the grid's own Enter would close it before downshift
            // reports the pick. Tab saves, then lets the grid move on.
            if (e.key === 'Tab') return leave();
            if (e.key !== 'Enter' && e.key !== 'Escape') return;
            e.stopPropagation();
            if (e.key === 'Escape') {
              e.preventDefault();
              (e.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
                true;
              return finish(null);
            }
            if (isOpen && highlightedIndex >= 0) return; // downshift picks it
            e.preventDefault();
            const value = e.currentTarget.value;
            const meant = resolved(value);
            if (meant !== null) finish(meant);
            else if (!fresh) enterWaiting.current = true;
            // A name with no match: the list says so; nothing is saved.
          },
        })}
      />
      {createPortal(
        <ul
          className="parent-options"
          hidden={!isOpen || place === null}
          style={place ?? undefined}
          // Keeps the focus in the input: a click on a suggestion picks it, not a blur-save.
          onMouseDown={(e) => e.preventDefault()}
          {...getMenuProps({ 'aria-label': `${target} records`, 'aria-labelledby': undefined })}
        >
          {isOpen && (
            <>
              {items.map((option, index) => (
                <li
                  key={String(option.id)}
                  className={[
                    'parent-option',
                    index === highlightedIndex && 'active',
                    index === defaultIndex && 'default',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  title={option.label || undefined}
                  {...getItemProps({ item: option, index })}
                >
                  <span className="parent-option-id">{String(option.id)}</span>
                  {option.label && <span className="parent-option-label"> {option.label}</span>}
                  {option.id === current && <span className="parent-option-current"> current</span>}
                </li>
              ))}
              <OptionsNote
                target={target}
                text={text}
                shown={items.length}
                total={fresh ? answer.total : null}
                numeric={numeric}
              />
            </>
          )}
        </ul>,
        document.body,
      )}
    </>
  );
}

/** Below the suggestions: why there are none, or that there are more than shown. */
function OptionsNote({
  target,
  text,
  shown,
  total,
  numeric,
}: {
  target: string;
  text: string;
  shown: number;
  /** `null` while the suggestions for `text` are on their way. */
  total: number | null;
  numeric: boolean;
}) {
  const typed = text.trim();
  let note: string | null = null;
  if (total === null) note = 'Searching…';
  else if (total === 0 && typed === '') note = `No ${target} records yet`;
  else if (total === 0 && numeric && isNumericId(typed)) note = `No ${target} has the id ${typed}`;
  else if (total === 0) note = `No ${target} matches “${typed}”`;
  else if (total > shown) note = `${shown} of ${total.toLocaleString('en')}: type to narrow`;
  return note === null ? null : (
    <li className="parent-options-note" role="presentation">
      {note}
    </li>
  );
}

/**
 * Where the list goes: under the input, or over it when the window has more room there; hidden
 * while the input is scrolled out of the window. In the page's coordinates, since the grid's
 * cells clip what overflows them.
 */
function usePlaceNear(input: React.RefObject<HTMLInputElement | null>): CSSProperties | null {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const rect = input.current?.getBoundingClientRect();
      const { innerWidth, innerHeight } = window;
      if (
        !rect ||
        rect.bottom < 0 ||
        rect.top > innerHeight ||
        rect.right < 0 ||
        rect.left > innerWidth
      ) {
        setPlace(null);
        return;
      }
      const width = Math.max(rect.width, 260);
      // A cell at the right edge opens its list leftwards, inside the window.
      const left = Math.max(4, Math.min(rect.left, innerWidth - width - 4));
      const below = innerHeight - rect.bottom - 8;
      const above = rect.top - 8;
      setPlace(
        below >= 160 || below >= above
          ? { left, width, top: rect.bottom + 2, maxHeight: Math.min(260, below) }
          : { left, width, bottom: innerHeight - rect.top + 2, maxHeight: Math.min(260, above) },
      );
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [input]);
  return place;
}
