import { describe, expect, it } from 'vitest';
import { settleStreamingMarkdown } from './streaming-markdown';

describe('settleStreamingMarkdown', () => {
  it('keeps text that is complete as it is', () => {
    const text =
      'Segundo o item 35.1.2 da NR-35, **trabalho em altura** é:\n\n> Considera-se trabalho em altura…\n\n— [NR-35, item 35.1.2](/regulations/r1#35.1.2)';
    expect(settleStreamingMarkdown(text)).toBe(text);
  });

  it.each([
    ['an open bracket', '— [NR-35, ite', '—'],
    ['a closed label waiting for its address', '— [NR-35, item 35.1.2]', '—'],
    ['an address still arriving', '— [NR-35, item 35.1.2](/regulations/r1#35', '—'],
    ['an image', 'Veja ![Figura 1](/img/fig', 'Veja'],
  ])('holds back a link cut at %s', (_case, text, shown) => {
    expect(settleStreamingMarkdown(text)).toBe(shown);
  });

  it('holds back only the unfinished link of the last paragraph', () => {
    expect(
      settleStreamingMarkdown(
        '[a](/x) e [b](/y)\n\n- [NR-06, item 6.3](/regulations/r2#6.3) e [NR',
      ),
    ).toBe('[a](/x) e [b](/y)\n\n- [NR-06, item 6.3](/regulations/r2#6.3) e');
  });

  it('holds back emphasis and code until they close', () => {
    expect(settleStreamingMarkdown('**Atenção:** não encontrei **um item')).toBe(
      '**Atenção:** não encontrei',
    );
    expect(settleStreamingMarkdown('Texto.\n\n_Resposta baseada no texto das NRs')).toBe('Texto.');
    expect(settleStreamingMarkdown('Use o campo `cnpj')).toBe('Use o campo');
  });

  it('ignores escaped markers, which are text', () => {
    const text = '> O item 1\\. trata de \\[faixas\\] e \\*notas\\* com \\_traço';
    expect(settleStreamingMarkdown(text)).toBe(text);
  });
});
