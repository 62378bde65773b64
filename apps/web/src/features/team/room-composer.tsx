import { MESSAGE_BOX_MAX_PX, MESSAGE_BOX_MIN_PX } from '@normas/contracts/constants';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface MentionOption {
  /** What is written after "@": "assistente" or a member's name without spaces. */
  handle: string;
  label: string;
}

/** The "@word" being typed just before the cursor, if any. */
export function mentionAt(text: string, cursor: number): { start: number; query: string } | null {
  const match = /(^|\s)@([\p{L}\p{N}_.-]*)$/u.exec(text.slice(0, cursor));
  if (!match) return null;
  return { start: cursor - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

/** A member's handle: their name without spaces or accents ("Ana Souza" → "AnaSouza"). */
export function handleOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}_.-]/gu, '');
}

/**
 * The room's message box: Enter sends, Shift+Enter adds a line, and "@" offers @assistente and the
 * room's members (arrows to choose, Enter or Tab to take, Escape to close).
 */
export function RoomComposer({
  options,
  onSend,
  onTyping,
  disabled = false,
}: {
  options: MentionOption[];
  onSend: (text: string) => void;
  onTyping: () => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState('');
  const [cursor, setCursor] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const listId = useId();

  const mention = mentionAt(value, cursor);
  const matches =
    mention && dismissed !== mention.start
      ? options
          .filter(
            (o) =>
              o.handle.toLowerCase().startsWith(mention.query) ||
              o.label.toLowerCase().startsWith(mention.query),
          )
          .slice(0, 6)
      : [];
  const open = matches.length > 0;

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.style.height = 'auto';
    const wanted = box.scrollHeight;
    box.style.height = `${Math.min(MESSAGE_BOX_MAX_PX, Math.max(MESSAGE_BOX_MIN_PX, wanted))}px`;
    box.style.overflowY = wanted > MESSAGE_BOX_MAX_PX ? 'auto' : 'hidden';
  }, [value]);

  function choose(option: MentionOption) {
    if (!mention) return;
    const before = value.slice(0, mention.start);
    const after = value.slice(cursor);
    const inserted = `@${option.handle} `;
    const next = before + inserted + after;
    setValue(next);
    const at = before.length + inserted.length;
    setCursor(at);
    setActive(0);
    requestAnimationFrame(() => {
      boxRef.current?.setSelectionRange(at, at);
      boxRef.current?.focus();
    });
  }

  function send() {
    const text = value.trim();
    if (!text || disabled) return;
    onSend(text);
    setValue('');
    setCursor(0);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(matches[Math.min(active, matches.length - 1)]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(mention!.start);
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      className="message-box room-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Mensagem
      </label>
      {open && (
        <ul id={listId} role="listbox" aria-label="Mencionar" className="mention-list">
          {matches.map((o, i) => (
            <li
              key={o.handle}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="mention-option"
              onMouseDown={(event) => {
                event.preventDefault();
                choose(o);
              }}
            >
              <strong>@{o.handle}</strong> <span>{o.label}</span>
            </li>
          ))}
        </ul>
      )}
      <textarea
        id={`${listId}-input`}
        ref={boxRef}
        className="message-box-input"
        rows={1}
        placeholder="Escreva para a equipe — @assistente responde com as normas"
        value={value}
        disabled={disabled}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={
          open ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined
        }
        onChange={(event) => {
          setValue(event.target.value);
          setCursor(event.target.selectionStart);
          setActive(0);
          if (event.target.value.trim()) onTyping();
        }}
        onSelect={(event) => setCursor(event.currentTarget.selectionStart)}
        onKeyDown={handleKeyDown}
        style={{ minHeight: MESSAGE_BOX_MIN_PX, maxHeight: MESSAGE_BOX_MAX_PX }}
      />
      <button type="submit" className="button button--primary" disabled={!value.trim() || disabled}>
        Enviar
      </button>
    </form>
  );
}
