export const TYPING_TEXT = 'O assistente está digitando…';

export function TypingIndicator() {
  return (
    <div className="message message--assistant typing-indicator" role="status">
      <span className="typing-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="visually-hidden">{TYPING_TEXT}</span>
    </div>
  );
}
