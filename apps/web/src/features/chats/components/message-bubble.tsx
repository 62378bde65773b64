import type { ReactNode } from 'react';
import { Markdown } from '../../../components/markdown/markdown';

/** One message: the user's on the right as plain text, the assistant's on the left as markdown. */
export function MessageBubble({
  fromUser,
  content,
  streaming = false,
  children,
}: {
  fromUser: boolean;
  content: string;
  /** An answer still arriving: shown formatted as it comes, never as raw markdown. */
  streaming?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className={`message ${fromUser ? 'message--user' : 'message--assistant'}`}>
      <p className="visually-hidden">{fromUser ? 'Você:' : 'Assistente:'}</p>
      {fromUser ? (
        <p className="message-text">{content}</p>
      ) : (
        <div className="message-markdown">
          <Markdown streaming={streaming}>{content}</Markdown>
        </div>
      )}
      {children}
    </li>
  );
}
