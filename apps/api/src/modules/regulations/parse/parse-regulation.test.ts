import { describe, expect, it } from 'vitest';
import { parseRegulation, RegulationParseError } from './parse-regulation';

/** Invented regulation text with the layout of an NR: title, amendment table, wrapped lines. */
const HEADER = `NR 42 - TRABALHO COM ESCADAS DE EXEMPLO
Publicação | D.O.U.
Portaria MTb nº 100, de 01 de junho de 1980 | 05/06/80
Alterações/Atualizações | D.O.U.
Portaria SIT nº 200, de 10 de março de 2005 | 11/03/05
Portaria MTE nº 300, de 02 de maio de 2024 | 03/05/24
(Redação dada pela Portaria MTE nº 300, de 02/05/2024)`;

function parse(body: string, fileName = 'nr-42.txt') {
  return parseRegulation(`${HEADER}\n${body}`, fileName);
}

const items = (body: string) => parse(body).sections.map((s) => s.item);

describe('regulation details', () => {
  it('reads code, title, authority and the dates of the amendment table', () => {
    const r = parse('42.1 Objetivo\n42.1.1 Esta Norma fixa regras para escadas de exemplo.');
    expect(r).toMatchObject({
      code: 'NR-42',
      title: 'Trabalho com Escadas de Exemplo',
      authority: 'Ministério do Trabalho e Emprego',
      issuedDate: '1980-06-05',
      revisedDate: '2024-05-03',
      status: 'vigente',
      description: 'Esta Norma fixa regras para escadas de exemplo.',
    });
  });

  it('takes the code from the file name when no title line is printed', () => {
    const r = parseRegulation(
      '7.1 Objetivo\n7.1.1 Texto do item de exemplo.',
      'NR07-atualizada.txt',
    );
    expect(r.code).toBe('NR-07');
    expect(r.sections.map((s) => s.item)).toEqual(['7.1.1']);
  });

  it('refuses a text without any numbered item of the regulation', () => {
    expect(() => parse('Apenas um parágrafo solto, sem itens.')).toThrow(RegulationParseError);
    expect(() => parseRegulation('Sem título nem itens.', 'documento.txt')).toThrow(
      'não foi possível identificar o código da norma',
    );
  });
});

describe('sections', () => {
  it('makes one section per numbered item, numbered from 1, with sub-items and unwrapped lines', () => {
    const r = parse(`42.1 Objetivo
42.1.1 Esta Norma fixa regras para o uso de escadas de exemplo em locais de
trabalho diversos.
42.2 Responsabilidades
42.2.1 Cabe à organização:
a) fornecer escadas íntegras e
adequadas ao serviço;
b) treinar os trabalhadores; e
c) registrar as inspeções.
42.2.1.1 O registro fica à disposição da fiscalização.`);
    expect(r.sections).toEqual([
      {
        number: 1,
        item: '42.1.1',
        headingPath: '42.1 Objetivo',
        content:
          'Esta Norma fixa regras para o uso de escadas de exemplo em locais de trabalho diversos.',
        effectiveFrom: null,
      },
      {
        number: 2,
        item: '42.2.1',
        headingPath: '42.2 Responsabilidades',
        content:
          'Cabe à organização:\na) fornecer escadas íntegras e adequadas ao serviço;\nb) treinar os trabalhadores; e\nc) registrar as inspeções.',
        effectiveFrom: null,
      },
      {
        number: 3,
        item: '42.2.1.1',
        headingPath: '42.2 Responsabilidades',
        content: 'O registro fica à disposição da fiscalização.',
        effectiveFrom: null,
      },
    ]);
  });

  it('keeps a sentence-like item as a section even without a final period', () => {
    const r = parse(
      '42.3 Dispensas\n42.3.1 O microempreendedor está dispensado do inventário\n42.3.1.1 A dispensa não alcança o contratante.',
    );
    expect(r.sections.map((s) => [s.item, s.headingPath])).toEqual([
      ['42.3.1', '42.3 Dispensas'],
      ['42.3.1.1', '42.3 Dispensas'],
    ]);
  });

  it('starts an item after an unnumbered heading that ends in an accented word', () => {
    const r = parse(`42.5.1 A comissão tem como objetivo a prevenção de quedas.
Constituição e Organização
42.5.2 O empregador deve constituir a comissão.
42.5.3 Regra de exemplo. Escavação
42.5.4 Toda escavação deve ser sinalizada.`);
    expect(r.sections.map((s) => s.item)).toEqual(['42.5.1', '42.5.2', '42.5.3', '42.5.4']);
    expect(r.sections[0]!.content).not.toContain('42.5.2');
  });

  it('does not start an item at a wrapped cross-reference', () => {
    const r = parse(`42.4.1 Devem ser adotadas as medidas previstas nos subitens 42.6.1 e
42.6.2.
42.4.2 Outra regra de exemplo.
42.5.1 Regra seguinte, que cita
42.1.1 Texto que continua a frase anterior.`);
    expect(r.sections.map((s) => s.item)).toEqual(['42.4.1', '42.4.2', '42.5.1']);
    expect(r.sections[0]!.content).toBe(
      'Devem ser adotadas as medidas previstas nos subitens 42.6.1 e 42.6.2.',
    );
  });

  it('joins a hyphen at the end of a line without a space', () => {
    expect(
      parse('42.1.1 Observe-se a NR-\n10 e o trabalho semi-\nautomático.').sections[0]!.content,
    ).toBe('Observe-se a NR-10 e o trabalho semi-automático.');
  });

  it('drops page furniture: the DOU footer with its page number and a table of contents', () => {
    const r = parse(`SUMÁRIO
42.1 Objetivo
42.2 Responsabilidades
Anexo I - Modelo de ficha
42.1 Objetivo
42.1.1 Primeira parte do texto que
Este texto não substitui o publicado no DOU | 3
continua na página seguinte.
42.2 Responsabilidades
42.2.1 Regra de responsabilidade.`);
    expect(r.sections.map((s) => [s.item, s.content])).toEqual([
      ['42.1.1', 'Primeira parte do texto que continua na página seguinte.'],
      ['42.2.1', 'Regra de responsabilidade.'],
    ]);
  });

  it('keeps table text readable, one row per line', () => {
    const r = parse(`42.6.1 As distâncias mínimas são as do quadro abaixo:
Tensão (kV) | Distância (m)
1 | 0,20
1 e 3 | 0,22`);
    expect(r.sections[0]!.content).toBe(
      'As distâncias mínimas são as do quadro abaixo:\nTensão (kV) | Distância (m)\n1 | 0,20\n1 e 3 | 0,22',
    );
  });

  it('makes a table printed under its own caption a section labelled by the caption', () => {
    const r = parse(`42.8.1 O número de vigias segue o Quadro I desta Norma.
Quadro I – Vigias por Escada
NÚMERO DE ESCADAS NO LOCAL
Escadas | Vigias
1 a 10 | 1
QUADRO II da NR-42

MODELO DE FICHA DE INSPEÇÃO
Data | Inspetor`);
    expect(r.sections.map((s) => [s.item, s.headingPath])).toEqual([
      ['42.8.1', ''],
      ['Quadro I', 'Quadro I - Vigias por Escada'],
      ['Quadro II', 'Quadro II - Modelo de Ficha de Inspeção'],
    ]);
    expect(r.sections[0]!.content).toBe('O número de vigias segue o Quadro I desta Norma.');
    expect(r.sections[1]!.content).toBe('NÚMERO DE ESCADAS NO LOCAL\nEscadas | Vigias\n1 a 10 | 1');
  });

  it('keeps with its item a table the item introduces, and a caption-like line that wraps a sentence', () => {
    expect(
      items(`42.8.2 As pausas seguem o seguinte quadro 1:
Quadro 1
Jornada | Pausa
até 6h | 20 minutos
42.8.3 A comissão é dimensionada conforme o
Quadro I desta NR, ressalvados os casos especiais.`),
    ).toEqual(['42.8.2', '42.8.3']);
  });

  it('turns symbol-font glyphs and math-bold letters into ordinary characters', () => {
    const r = parse('42.7.1 Use \uF03C 1 kV, \uF0B3 2 m e \uF0A3 5 s; o índice 𝐈𝐁𝐔𝐓𝐆 vale 𝐌 = 𝟑𝟎.');
    expect(r.sections[0]!.content).toBe('Use < 1 kV, ≥ 2 m e ≤ 5 s; o índice IBUTG vale M = 30.');
  });
});

describe('annexes', () => {
  it('labels annex items with the annex name as printed, numbered on from the main text', () => {
    const r = parse(`42.1.1 Texto principal.
ANEXO II da NR-42
ACESSO POR CORDAS
1. Objetivo
1.1 Estabelecer requisitos de exemplo.
1.2 Outro requisito.
ANEXO Nº 3
1. Limites
1.1 Limite de exemplo.
ANEXO I-A
2.1 Item do anexo com letra.`);
    expect(r.sections.map((s) => [s.number, s.item, s.headingPath])).toEqual([
      [1, '42.1.1', ''],
      [2, 'Anexo II 1.1', 'Anexo II - Acesso por Cordas > 1 Objetivo'],
      [3, 'Anexo II 1.2', 'Anexo II - Acesso por Cordas > 1 Objetivo'],
      [4, 'Anexo 3 1.1', 'Anexo 3 > 1 Limites'],
      [5, 'Anexo I-A 2.1', 'Anexo I-A'],
    ]);
  });

  it('leaves out an annex its heading says was annulled or revoked, and keeps the one in force', () => {
    // NR-16 prints its former Anexo V after the one in force, "ANULADO POR DECISÃO JUDICIAL".
    const r = parse(`42.1.1 Texto principal.
ANEXO V
ATIVIDADES PERIGOSAS EM MOTOCICLETA
(Entra em vigor a partir de 03 de abril de 2026)
1. Objetivo
1.1 Estabelecer critérios de exemplo.
ANEXO V
ATIVIDADES PERIGOSAS EM MOTOCICLETA
ANULADO POR DECISÃO JUDICIAL
1. As atividades de exemplo são consideradas perigosas.
2. Não são consideradas perigosas as de exemplo.
ANEXO VI
1. Objetivo
1.1 Item do anexo seguinte.
1.2 (Revogado)`);
    // A revoked item inside an annex is the item's own note: the annex stays.
    expect(r.sections.map((s) => s.item)).toEqual([
      '42.1.1',
      'Anexo V 1.1',
      'Anexo VI 1.1',
      'Anexo VI 1.2',
    ]);
  });

  it('keeps in its annex an annex of the annex and a part numbered from 1 again', () => {
    // NR-15 Anexo 12: asbestos (1 to 22), its own "ANEXO Nº 1" and "ANEXO III", then manganese and
    // silica, each numbered from 1, before "ANEXO Nº 13".
    const r = parse(`42.1.1 Texto principal.
ANEXO Nº 12
LIMITES DE TOLERÂNCIA PARA POEIRAS DE EXEMPLO
PRIMEIRA POEIRA
1. A primeira poeira é medida na zona respiratória.
2. O limite da primeira poeira é de exemplo.
ANEXO Nº 1
MODELO DO CADASTRO DE EXEMPLO
I - IDENTIFICAÇÃO
Nome______________
II - DADOS DE PRODUÇÃO
1. Número de Trabalhadores
ANEXO III
Item e Subitem | Prazo | Infração
- 2 | P4 | I4
SEGUNDA POEIRA DE EXEMPLO
(Incluído pela Portaria de exemplo)
1. O limite da segunda poeira é de 5 mg/m³.
2. Acima do limite, a insalubridade é de grau máximo.
TERCEIRA POEIRA DE EXEMPLO
1. O limite da terceira poeira é dado por uma fórmula.
ANEXO Nº 13
1. Agentes químicos de exemplo.`);
    // Unnumbered text of the annex (the form, the table) is "Anexo 12" itself.
    const items = r.sections.filter((s) => s.item !== 'Anexo 12').map((s) => s.item);
    expect(items).toEqual([
      '42.1.1',
      'Anexo 12 1',
      'Anexo 12 2',
      // The form's lettered group, inside the annex of the annex.
      'Anexo 12 Anexo 1 I',
      'Anexo 12 Segunda 1',
      'Anexo 12 Segunda 2',
      'Anexo 12 Terceira 1',
      'Anexo 13 1',
    ]);
    expect(r.sections.find((s) => s.item === 'Anexo 12 Segunda 1')?.headingPath).toBe(
      'Anexo 12 - Limites de Tolerância para Poeiras de Exemplo > Segunda Poeira de Exemplo',
    );
    // The form and the table stay text of Anexo 12: no second "Anexo 1", no "Anexo III".
    expect(r.sections.some((s) => /^Anexo (?:1|III)\b/.test(s.item))).toBe(false);
  });

  it('reads lettered groups of a list annex ("D.1 - Respirador")', () => {
    const r = parse(`42.1.1 Texto principal.
ANEXO I
LISTA DE EQUIPAMENTOS DE EXEMPLO
A - EQUIPAMENTOS PARA A CABEÇA
A.1 - Capacete:
a) capacete contra impactos.
D - EQUIPAMENTOS RESPIRATÓRIOS
D.1 - Respirador purificador:
a) respirador de exemplo.`);
    expect(r.sections.slice(1).map((s) => [s.item, s.content])).toEqual([
      ['Anexo I A.1', 'Capacete:\na) capacete contra impactos.'],
      ['Anexo I D.1', 'Respirador purificador:\na) respirador de exemplo.'],
    ]);
  });

  it("ignores a mention of another regulation's annex at the start of a line", () => {
    const r = parse(
      '42.8.1 A plataforma deve atender ao\nAnexo XII da NR-12;\n42.8.2 Regra seguinte.',
    );
    expect(
      items('42.8.1 A plataforma deve atender ao\nAnexo XII da NR-12;\n42.8.2 Regra seguinte.'),
    ).toEqual(['42.8.1', '42.8.2']);
    expect(r.sections[0]!.content).toBe('A plataforma deve atender ao Anexo XII da NR-12;');
  });

  it('keeps a glossary, one section per group of definitions', () => {
    const r = parse(`42.1.1 Texto principal.
GLOSSÁRIO
Escada: meio de acesso entre níveis.
Degrau: parte da escada onde se
apoia o pé.`);
    expect(r.sections.slice(1).map((s) => [s.item, s.content])).toEqual([
      [
        'Glossário',
        'Escada: meio de acesso entre níveis.\nDegrau: parte da escada onde se apoia o pé.',
      ],
    ]);
  });
});

describe('wording in force from a future date', () => {
  it('marks an item whose new wording applies from a stated date, and keeps the old wording too', () => {
    const r =
      parse(`42.9.1 O talabarte deve ter absorvedor. (Redação vigente até 01 de janeiro de 2030)
42.9.1 O elemento de ligação deve ter absorvedor. (Alterado pela Portaria MTE nº 9, de 02 de
outubro de 2029 - Esta redação entra em vigor a partir de 02 de janeiro de 2030)`);
    expect(r.sections.map((s) => [s.item, s.effectiveFrom])).toEqual([
      ['42.9.1', null],
      ['42.9.1', '2030-01-02'],
    ]);
  });

  it('applies a note printed before a chapter heading to every item of that chapter', () => {
    const r = parse(`42.4.1 Regra anterior.
Redação dada pela Portaria MTE nº 9, de 27 de agosto de 2029
Entra em vigor em 26 de maio de 2030 (Portaria MTE nº 10, de 15 de maio de 2030)
42.5 Gerenciamento de exemplo
42.5.1 Primeira regra do capítulo.
42.5.2 Segunda regra do capítulo.
42.6 Outro capítulo
42.6.1 Regra sem data.`);
    expect(r.sections.map((s) => [s.item, s.content, s.effectiveFrom])).toEqual([
      ['42.4.1', 'Regra anterior.', null],
      ['42.5.1', 'Primeira regra do capítulo.', '2030-05-26'],
      ['42.5.2', 'Segunda regra do capítulo.', '2030-05-26'],
      ['42.6.1', 'Regra sem data.', null],
    ]);
  });

  it('applies a note at the top of an annex to the whole annex', () => {
    const r = parse(`42.1.1 Texto principal.
ANEXO III da NR-42
ESCADAS DE USO INDIVIDUAL
(Aprovado pela Portaria MTE nº 11, de 02 de outubro de 2029)
(Este Anexo entra em vigor a partir de 02 de janeiro de 2031)
1. Objetivo
1.1 Requisito do anexo.
2. Requisitos
2.1 Outro requisito do anexo.`);
    expect(r.sections.map((s) => [s.item, s.effectiveFrom])).toEqual([
      ['42.1.1', null],
      ['Anexo III 1.1', '2031-01-02'],
      ['Anexo III 2.1', '2031-01-02'],
    ]);
  });
});
