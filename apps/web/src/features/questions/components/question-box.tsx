import { QUESTION_MAX_CHARS, SUGGESTION_DEBOUNCE_MS } from '@normas/contracts/constants';
import { useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSuggestions } from '../api/get-suggestions';

/**
 * The question input as a combobox: suggestions (FAQs, titles of the NRs as questions, questions
 * several users asked) appear after a typing pause (spec §4), arrow keys move through them, Enter
 * picks the highlighted one, Escape closes the list, and an empty input clears it; a question that
 * ends in "?" gets none. With no suggestion highlighted, Enter submits the surrounding form.
 */
export function QuestionBox({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDebouncedValue(value.trim(), SUGGESTION_DEBOUNCE_MS);
  // A question that ends in "?" is written: suggestions would only cover the button that sends it.
  const finished = value.trim().endsWith('?') || search.endsWith('?');
  const suggestions = useSuggestions(open && !disabled && !finished ? search : '');

  const items =
    value.trim() !== '' && open && !disabled && !finished ? (suggestions.data ?? []) : [];
  const expanded = items.length > 0;
  const activeIndex = active < items.length ? active : -1;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(text: string) {
    onChange(text);
    close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        if (value.trim() !== '') setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + items.length) % items.length);
    } else if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault();
      pick(items[activeIndex]!.Pergunta);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  }

  return (
    <div className="combobox">
      <input
        id={id}
        className="question-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        placeholder="Ex.: Qual a altura mínima do guarda-corpo?"
        maxLength={QUESTION_MAX_CHARS}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(event.target.value.trim() !== '');
          setActive(-1);
        }}
        onKeyDown={handleKeyDown}
        onBlur={close}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Sugestões de perguntas"
        className="combobox-list"
        hidden={!expanded}
      >
        {items.map((item, index) => (
          <li
            key={item.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="combobox-option"
            // Keeps focus in the input, so that blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(item.Pergunta)}
          >
            {item.Pergunta}
          </li>
        ))}
      </ul>
    </div>
  );
}
