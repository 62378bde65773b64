import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text';
import { buildLines, linesToText } from './pdf-text';

const piece = (text: string, x: number, y: number, width = text.length * 5) => ({
  text,
  x,
  y,
  width,
  height: 12,
});

describe('PDF lines', () => {
  it('rebuilds lines from positioned pieces, separating table cells with " | "', () => {
    const lines = buildLines([
      piece('0,20', 200, 700, 20),
      piece('Faixa de tensão', 60, 700.5, 80),
      piece('Distância', 200, 715, 45),
      piece('kV', 60, 715, 10),
      piece('35.1.1', 60, 680, 30),
      piece('Texto', 93, 680, 25),
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      'kV | Distância',
      'Faixa de tensão | 0,20',
      '35.1.1 Texto',
    ]);
  });

  it('drops running footers and page numbers and marks paragraph gaps with a blank line', () => {
    const words = ['primeira', 'segunda', 'terceira'];
    const page = (n: number) =>
      buildLines([
        piece(`Início da ${words[n - 1]} página`, 60, 760),
        piece(`que continua na ${words[n - 1]} linha`, 60, 745),
        piece(`Parágrafo novo da ${words[n - 1]}`, 60, 700),
        piece('Este texto não substitui o publicado no DOU', 60, 50),
        piece(String(n), 500, 50),
      ]);
    const text = linesToText([page(1), page(2), page(3)]);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Início da primeira página',
      'que continua na primeira linha',
      '',
      'Parágrafo novo da primeira',
      'Início da segunda página',
    ]);
    expect(text).not.toContain('DOU');
    expect(text).not.toMatch(/^\d+$/m);
  });
});

describe('other formats', () => {
  it('reads HTML as paragraphs, table rows as cell lines, without scripts', async () => {
    const html = `<html><head><style>p{}</style></head><body>
      <h1>NR 41 - ANDAIMES</h1><script>alert(1)</script>
      <p>41.1.1 Primeiro item<br>com quebra.</p>
      <table><tr><th>Altura</th><th>Prazo</th></tr><tr><td>até 2 m</td><td>1 dia</td></tr></table>
      <ul><li>a) alínea um;</li><li>b) alínea dois.</li></ul></body></html>`;
    expect(await extractText('nr-41.html', new TextEncoder().encode(html))).toBe(
      'NR 41 - ANDAIMES\n\n41.1.1 Primeiro item\ncom quebra.\n\nAltura | Prazo\naté 2 m | 1 dia\na) alínea um;\n\nb) alínea dois.',
    );
  });

  it('reads Latin-1 text files', async () => {
    const latin1 = Uint8Array.from([...'41.1.1 Inspeção'].map((c) => c.charCodeAt(0)));
    expect(await extractText('nr-41.txt', latin1)).toBe('41.1.1 Inspeção');
  });
});
