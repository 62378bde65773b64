import type { Message } from '@normas/contracts/chats';
import type { AnswerRegulation } from '@normas/contracts/questions';

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

export function makeAnswerRegulation(overrides: Partial<AnswerRegulation> = {}): AnswerRegulation {
  return {
    id: 'reg-35',
    code: 'NR-35',
    title: 'Trabalho em Altura',
    authority: 'MTE',
    issuedDate: null,
    revisedDate: null,
    status: 'vigente',
    description: '',
    sections: [
      {
        id: 'sec-1',
        number: 3,
        item: '35.1.2',
        headingPath: '35.1 Objetivo e Campo de Aplicação',
        content: 'Considera-se trabalho em altura toda atividade executada acima de 2,00 m.',
        effectiveFrom: null,
      },
    ],
    ...overrides,
  };
}
