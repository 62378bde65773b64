import { MESSAGE_BOX_MAX_PX, MESSAGE_BOX_MIN_PX } from '@normas/contracts/constants';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

/** Grows the box with its text between 36 and 240 px (spec §9); beyond that the text scrolls. */
function fitHeight(box: HTMLTextAreaElement) {
  box.style.height = 'auto';
  const wanted = box.scrollHeight;
  const height = Math.min(MESSAGE_BOX_MAX_PX, Math.max(MESSAGE_BOX_MIN_PX, wanted));
  box.style.height = `${height}px`;
  box.style.overflowY = wanted > MESSAGE_BOX_MAX_PX ? 'auto' : 'hidden';
}

/**
 * The message box of spec §2: Enter sends, Shift+Enter adds a line, a blank message is not sent.
 * `busy` holds sending back while the text can still be written (an answer is arriving);
 * `disabled` closes the whole box (there is no chat to write to).
 */
export function MessageBox({
  value,
  onChange,
  onSend,
  busy = false,
  disabled = false,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  busy?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const blank = value.trim() === '';

  useLayoutEffect(() => {
    if (boxRef.current) fitHeight(boxRef.current);
  }, [value]);

  function send() {
    if (blank || busy || disabled) return;
    onSend(value.trim());
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes a word, Enter confirms the word rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      className="message-box"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor="message-box-input" className="visually-hidden">
        Mensagem
      </label>
      <textarea
        id="message-box-input"
        ref={boxRef}
        className="message-box-input"
        rows={1}
        placeholder="Digite sua mensagem..."
        value={value}
        autoFocus={autoFocus}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={handleKeyDown}
        style={{ minHeight: MESSAGE_BOX_MIN_PX, maxHeight: MESSAGE_BOX_MAX_PX }}
      />
      <button type="submit" className="button button--primary" disabled={blank || busy || disabled}>
        Enviar
      </button>
    </form>
  );
}
