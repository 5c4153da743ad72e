/**
 * The editor of a relation cell: the parent's id, typed, or picked from the target model's
 * records as a database client offers a foreign key's rows (found by their title while typing;
 * downshift's combobox gives the ARIA roles and the keyboard). Enter saves what is typed, or the
 * suggestion the arrows highlighted; Escape leaves the cell as it was; leaving the cell saves.
 */
import { useCombobox } from 'downshift';
import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { type ParentOption, useParentOptions } from '../../stores/parent-options';

interface Place {
  left: number;
  top: number;
  width: number;
}

export function RelationEditor({
  label,
  target,
  initialText,
  onCommit,
  onCancel,
}: {
  /** The input's accessible name (`Edit user of record 2`). */
  label: string;
  /** The model the relation points at. */
  target: string;
  initialText: string;
  onCommit(text: string): void;
  onCancel(): void;
}) {
  const [text, setText] = useState(initialText);
  const options = useParentOptions(target, text);
  const done = useRef(false);
  const finish = (value: string | null) => {
    if (done.current) return;
    done.current = true;
    if (value === null) onCancel();
    else onCommit(value);
  };
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } =
    useCombobox<ParentOption>({
      items: options ?? [],
      itemToString: (option) => (option ? String(option.id) : ''),
      inputValue: text,
      onInputValueChange: ({ inputValue }) => setText(inputValue),
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
  const input = useRef<HTMLInputElement | null>(null);
  const place = usePlaceBelow(input);
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
          onBlur: () => finish(text),
          onKeyDown: (e) => {
            // This editor closes itself: the grid's own Enter would close it before downshift
            // reports the pick.
            if (e.key === 'Enter' || e.key === 'Escape') e.stopPropagation();
            const picking = isOpen && highlightedIndex >= 0;
            if (e.key === 'Enter' && !picking) {
              e.preventDefault();
              finish(text);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              (e.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
                true;
              finish(null);
            }
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
          {isOpen && options === null && <li className="parent-options-note">Loading…</li>}
          {isOpen && options?.length === 0 && (
            <li className="parent-options-note">
              No {target} matches “{text.trim()}”
            </li>
          )}
          {isOpen &&
            options?.map((option, index) => (
              <li
                key={String(option.id)}
                className={index === highlightedIndex ? 'parent-option active' : 'parent-option'}
                {...getItemProps({ item: option, index })}
              >
                <span className="parent-option-id">{String(option.id)}</span>
                {option.label && <span className="parent-option-label"> {option.label}</span>}
              </li>
            ))}
        </ul>,
        document.body,
      )}
    </>
  );
}

/** Under the input, in the page's coordinates (the grid's cells clip what overflows them). */
function usePlaceBelow(input: React.RefObject<HTMLInputElement | null>): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const rect = input.current?.getBoundingClientRect();
      if (!rect) return;
      const width = Math.max(rect.width, 260);
      // A cell at the right edge opens its list leftwards, inside the window.
      const left = Math.max(4, Math.min(rect.left, window.innerWidth - width - 4));
      setPlace({ left, top: rect.bottom + 2, width });
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
