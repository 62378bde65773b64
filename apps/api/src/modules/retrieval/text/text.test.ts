import { describe, expect, it } from 'vitest';
import { analyzeTerms } from './analyzer';
import { foldText, tokenize } from './normalize';
import { stem } from './stemmer';

describe('text normalisation', () => {
  it('folds case and accents', () => {
    expect(foldText('Proteção Elétrica NÃO')).toBe('protecao eletrica nao');
  });

  it('keeps item labels, NR codes and decimals whole', () => {
    const tokens = tokenize('Item 35.2.1 da NR-35, nr10 e NR 1: 13,8 kV para 1.000 trabalhadores');
    expect(tokens.map((t) => [t.kind, t.value])).toEqual([
      ['word', 'item'],
      ['item', '35.2.1'],
      ['word', 'da'],
      ['code', 'NR-35'],
      ['code', 'NR-10'],
      ['word', 'e'],
      ['code', 'NR-01'],
      ['number', '13.8'],
      ['word', 'kv'],
      ['word', 'para'],
      ['number', '1000'],
      ['word', 'trabalhadores'],
    ]);
  });

  it('reads a "%" after a number as the word "percentual"', () => {
    expect(analyzeTerms('adicional de 40% (quarenta por cento)')).toContain(stem('percentual'));
    expect(analyzeTerms('19,5 % de oxigênio')).toContain(stem('percentual'));
    expect(analyzeTerms('a 40 graus')).not.toContain(stem('percentual'));
  });

  it('splits hyphenated words', () => {
    expect(tokenize('guarda-corpo').map((t) => t.value)).toEqual(['guarda', 'corpo']);
  });

  it('stems singular and plural, with or without accents, to the same term', () => {
    expect(stem(foldText('inspeções'))).toBe(stem('inspecao'));
    expect(stem('andaimes')).toBe(stem('andaime'));
    expect(stem('trabalhadores')).toBe(stem('trabalhador'));
    expect(stem(foldText('mínimos'))).toBe(stem('minimo'));
    expect(stem('minimos')).not.toBe(stem('mina'));
    expect(stem(foldText('inflamáveis'))).toBe(stem(foldText('inflamável')));
    expect(stem(foldText('responsáveis'))).toBe(stem(foldText('responsável')));
  });

  it('brings nouns in -ção to their verb', () => {
    expect(stem(foldText('duração'))).toBe(stem('durar'));
    expect(stem(foldText('marcações'))).toBe(stem('marcadas'));
    expect(stem(foldText('operação'))).toBe(stem(foldText('operador')));
  });

  it('drops stop words and colloquial fillers from the searchable terms', () => {
    expect(analyzeTerms('o que a gente precisa pra usar o cinto?')).toEqual([
      stem('usar'),
      stem('cinto'),
    ]);
  });
});

describe('stem exceptions', () => {
  it('keep apart words whose stems would collide', () => {
    expect(stem('porta')).not.toBe(stem('porto'));
    expect(stem('portas')).toBe(stem('porta'));
    expect(stem('carga')).not.toBe(stem('cargo'));
    expect(stem('pontos')).toBe(stem('ponto'));
  });

  it('keep apart the unrelated words the corpus makes meet at a short stem', () => {
    // "7 meses afastado" found NR-12's "mesas" of machines, "grávida" the "acidente grave",
    // "cabo de aço" every "cabe à organização", "equipe" every "equipamento".
    const apart: [string, string][] = [
      ['meses', 'mesa'],
      ['gravida', 'grave'],
      ['grave', 'gravacao'],
      ['cabo', 'cabe'],
      ['equipe', 'equipamento'],
      ['colete', 'coletiva'],
      ['porte', 'portaria'],
      ['torno', 'tornar'],
      ['comando', 'comida'],
      ['normais', 'norma'],
      ['gerais', 'gerados'],
      ['fatais', 'fatos'],
      ['areia', 'area'],
      ['terminais', 'termino'],
      ['leve', 'levar'],
      ['plana', 'plano'],
    ];
    for (const [a, b] of apart) expect(stem(a), `${a} / ${b}`).not.toBe(stem(b));
    // Each keeps its own family together.
    const together: [string, string][] = [
      ['mesas', 'mesa'],
      ['gravidez', 'gravida'],
      ['fatal', 'fatais'],
      ['cabos', 'cabo'],
      ['comandos', 'comando'],
      ['normal', 'normais'],
      ['geral', 'gerais'],
      ['equipes', 'equipe'],
    ];
    for (const [a, b] of together) expect(stem(a), `${a} / ${b}`).toBe(stem(b));
  });
});
