import type { Message } from '@normas/contracts/chats';

export function makeMessage(overrides: Partial<Message> = {}): Message {
  const isUserMessage = overrides.isUserMessage ?? false;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    chatId: 'chat-1',
    content: 'Mensagem',
    sender: isUserMessage ? 'user' : 'assistant',
    isUserMessage,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    regulations: [],
    ...overrides,
  };
}
