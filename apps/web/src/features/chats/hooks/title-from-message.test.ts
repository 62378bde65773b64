import { describe, expect, it } from 'vitest';
import { CHAT_TITLE_FROM_MESSAGE_CHARS, titleFromMessage } from './use-start-chat';

describe('titleFromMessage', () => {
  it('keeps a message that fits as the whole title', () => {
    expect(titleFromMessage('  Qual a altura do guarda-corpo?  ')).toBe(
      'Qual a altura do guarda-corpo?',
    );
    const exact = 'a'.repeat(CHAT_TITLE_FROM_MESSAGE_CHARS);
    expect(titleFromMessage(exact)).toBe(exact);
  });

  it('cuts a longer message at a whole word and says so with an ellipsis', () => {
    const title = titleFromMessage(
      'Quais são as obrigações do empregador quanto ao treinamento de trabalho em altura, segundo a NR-35?',
    );
    expect(title).toBe('Quais são as obrigações do empregador quanto ao treinamento…');
    expect(title.length).toBeLessThanOrEqual(CHAT_TITLE_FROM_MESSAGE_CHARS);
  });

  it('cuts a single long word where it must, and drops punctuation before the ellipsis', () => {
    expect(titleFromMessage('x'.repeat(80))).toBe(`${'x'.repeat(59)}…`);
    expect(
      titleFromMessage(
        'Sobre andaimes, plataformas, escadas, rampas, passarelas, guarda-corpos e rodapés',
      ),
    ).toBe('Sobre andaimes, plataformas, escadas, rampas, passarelas…');
  });
});
