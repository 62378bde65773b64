import { describe, expect, it } from 'vitest';
import {
  EMPLOYER_DUTIES,
  GUARDRAIL_ANNEX,
  PLATFORM_REGULATION_ID as REG,
  TRAINING,
} from './answers.fixtures';
import { citationLabel, citationLink, validateCitations } from './citation';
import { createCitationFilter } from './citation-filter';

const sources = [TRAINING, EMPLOYER_DUTIES, GUARDRAIL_ANNEX];
const good = `[NR-98, item 98.3.1](/regulations/${REG}#98.3.1)`;
const OTHER = '99999999-9999-4999-8999-999999999999';

describe('citation links', () => {
  it('builds the link to the item in the regulation viewer', () => {
    expect(citationLink(TRAINING)).toBe(good);
  });

  it('encodes annex items and names the annex in the label', () => {
    expect(citationLink(GUARDRAIL_ANNEX)).toBe(
      `[NR-98, Anexo II, item 1.3](/regulations/${REG}#Anexo%20II%201.3)`,
    );
    expect(citationLabel({ code: 'NR-12', item: 'Anexo IV' })).toBe('NR-12, Anexo IV');
    expect(citationLabel({ code: 'NR-01', item: 'Glossário' })).toBe('NR-01, Glossário');
  });
});

describe('citation validator', () => {
  it('keeps links to given items, in canonical form, and reports them once each', () => {
    const text = `Deve haver capacitação ([capacitação](/regulations/${REG}#98.3.1)). Ver também ${good} e [guarda-corpo](/regulations/${REG}#Anexo%20II%201.3).`;
    const check = validateCitations(text, sources);
    expect(check.markdown).toBe(
      `Deve haver capacitação (${good}). Ver também ${good} e ${citationLink(GUARDRAIL_ANNEX)}.`,
    );
    expect(check.citations.map((c) => c.item)).toEqual(['98.3.1', 'Anexo II 1.3']);
    expect(check.removed).toEqual([]);
  });

  it('strips links to items that were not given, with the brackets and separators around them', () => {
    const text = [
      `A altura mínima é 1,10 m ([NR-98, item 98.9.9](/regulations/${REG}#98.9.9)).`,
      `Veja ${good}; [NR-35, item 35.2.1](/regulations/${OTHER}#35.2.1).`,
      `Fontes: (${good}, [NR-98, item 98.7](/regulations/${REG}#98.7))`,
      `- [NR-10, item 10.1.1](https://example.com/regulations/${OTHER}#10.1.1)`,
      `- ${good}`,
      'Outro link [gov.br](https://www.gov.br) fica.',
    ].join('\n');
    const check = validateCitations(text, sources);
    expect(check.markdown).toBe(
      [
        'A altura mínima é 1,10 m.',
        `Veja ${good}.`,
        `Fontes: (${good})`,
        `- ${good}`,
        'Outro link [gov.br](https://www.gov.br) fica.',
      ].join('\n'),
    );
    expect(check.removed).toEqual([
      `/regulations/${REG}#98.9.9`,
      `/regulations/${OTHER}#35.2.1`,
      `/regulations/${REG}#98.7`,
      `https://example.com/regulations/${OTHER}#10.1.1`,
    ]);
    expect(check.citations.map((c) => c.item)).toEqual(['98.3.1']);
  });

  it('does not accept an item of the right number under another regulation', () => {
    const check = validateCitations(`[x](/regulations/${OTHER}#98.3.1)`, sources);
    expect(check.markdown).toBe('');
    expect(check.citations).toEqual([]);
  });
});

describe('streaming citation filter', () => {
  const text = [
    'Segundo a norma, a capacitação tem 16 horas ',
    `(${good}) e o guarda-corpo 1,10 m ([inventado](/regulations/${REG}#98.9.9)).`,
    '\n\nItens:\n',
    `- [NR-35, item 35.2.1](/regulations/${OTHER}#35.2.1)\n`,
    `- [NR-98, Anexo II, item 1.3](/regulations/${REG}#Anexo%20II%201.3)\n`,
  ].join('');

  it.each([1, 3, 7, 50])(
    'gives the same text as the batch validator when fed %i characters at a time',
    (size) => {
      const out: string[] = [];
      const filter = createCitationFilter(sources, (t) => out.push(t));
      for (let i = 0; i < text.length; i += size) filter.push(text.slice(i, i + size));
      filter.end();
      const batch = validateCitations(text, sources);
      expect(out.join('')).toBe(batch.markdown);
      expect(batch.markdown).toBe(
        `Segundo a norma, a capacitação tem 16 horas (${good}) e o guarda-corpo 1,10 m.\n\nItens:\n${`- ${citationLink(GUARDRAIL_ANNEX)}\n`}`,
      );
      expect(filter.citations.map((c) => c.item)).toEqual(['98.3.1', 'Anexo II 1.3']);
      expect(filter.removed).toHaveLength(2);
    },
  );

  it('never lets a part of an unknown link out before it is judged', () => {
    const out: string[] = [];
    const filter = createCitationFilter(sources, (t) => out.push(t));
    for (const ch of `Texto [NR-98, item 98.9.9](/regulations/${REG}#98.9.9) fim`) {
      filter.push(ch);
      expect(out.join('')).not.toContain('98.9.9');
    }
    filter.end();
    expect(out.join('')).toBe('Texto fim');
  });

  it('releases plain text as it comes', () => {
    const out: string[] = [];
    const filter = createCitationFilter(sources, (t) => out.push(t));
    filter.push('O empregador deve ');
    filter.push('garantir');
    expect(out.join('')).toBe('O empregador deve garantir');
  });
});
