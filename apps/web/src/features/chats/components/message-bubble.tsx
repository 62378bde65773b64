import type { ReactNode } from 'react';
import { Markdown } from '../../../components/markdown/markdown';

/** One message: the user's on the right as plain text, the assistant's on the left as markdown. */
export function MessageBubble({
  fromUser,
  content,
  children,
}: {
  fromUser: boolean;
  content: string;
  children?: ReactNode;
}) {
  return (
    <li className={`message ${fromUser ? 'message--user' : 'message--assistant'}`}>
      <p className="visually-hidden">{fromUser ? 'Você:' : 'Assistente:'}</p>
      {fromUser ? (
        <p className="message-text">{content}</p>
      ) : (
        <div className="message-markdown">
          <Markdown>{content}</Markdown>
        </div>
      )}
      {children}
    </li>
  );
}
