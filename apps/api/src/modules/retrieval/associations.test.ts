import { describe, expect, it } from 'vitest';
import {
  associationScorer,
  learnAssociations,
  NO_ASSOCIATIONS,
  type AssociationPair,
} from './associations';

const words = (text: string) => text.split(' ');

/**
 * Users ask "quem assina" for items that say "assinado pelo responsável"; "de quanto em quanto
 * tempo" for items with "periodicidade anual"; every question has "qual".
 */
const PAIRS: AssociationPair[] = [
  { question: words('qual quem assina laudo'), item: words('laudo assinado responsavel tecnico') },
  {
    question: words('qual quem assina prontuario'),
    item: words('prontuario assinado profissional'),
  },
  { question: words('quem assina ordem'), item: words('ordem servico assinado empregador') },
  { question: words('qual frequencia exame'), item: words('exame periodicidade anual') },
  { question: words('qual frequencia inspecao'), item: words('inspecao periodicidade semestral') },
  { question: words('frequencia treinamento'), item: words('treinamento periodicidade bienal') },
];

const t = (a: ReturnType<typeof learnAssociations>, w: string, v: string) =>
  a.byQuestionWord.get(w)?.get(v) ?? 0;

describe('learned word associations', () => {
  const learned = learnAssociations(PAIRS);

  it('associate a question word with the item word that recurs where it is asked', () => {
    expect(t(learned, 'assina', 'assinado')).toBeGreaterThan(0.3);
    expect(t(learned, 'frequencia', 'periodicidade')).toBeGreaterThan(0.3);
    // Words that met only once stay below the recurring association.
    expect(t(learned, 'assina', 'assinado')).toBeGreaterThan(t(learned, 'assina', 'laudo'));
    expect(t(learned, 'frequencia', 'periodicidade')).toBeGreaterThan(
      t(learned, 'frequencia', 'anual'),
    );
  });

  it('learn only question words seen in more than one question', () => {
    expect(learned.byQuestionWord.has('laudo')).toBe(false);
    expect(learned.byQuestionWord.has('qual')).toBe(true);
    // Learned words occur 13 times (qual 4, quem 3, assina 3, frequencia 3): qual is 4 of them.
    expect(learned.background.get('qual')).toBeCloseTo(4 / 13);
  });

  it('are the same for the same pairs', () => {
    const again = learnAssociations(PAIRS);
    expect([...again.byQuestionWord.get('assina')!]).toEqual([
      ...learned.byQuestionWord.get('assina')!,
    ]);
  });

  it('score higher the item whose words call the question words, with no word in common', () => {
    const score = associationScorer(
      learned,
      new Map([
        ['assina', 1],
        ['frequencia', 1],
      ]),
    );
    const signed = score(words('relatorio assinado engenheiro'));
    const periodic = score(words('relatorio periodicidade engenheiro'));
    const neither = score(words('relatorio engenheiro'));
    expect(signed).toBeGreaterThan(0);
    expect(periodic).toBeGreaterThan(0);
    expect(neither).toBe(0);
    // A question asking only who signs prefers the signed item.
    const who = associationScorer(learned, new Map([['assina', 1]]));
    expect(who(words('relatorio assinado engenheiro'))).toBeGreaterThan(
      who(words('relatorio periodicidade engenheiro')),
    );
  });

  it('weigh each query word by its weight in the query (the conversation’s words count less)', () => {
    const item = words('relatorio assinado engenheiro');
    const own = associationScorer(
      learned,
      new Map([
        ['assina', 1],
        ['frequencia', 0.2],
      ]),
    );
    const carried = associationScorer(
      learned,
      new Map([
        ['assina', 0.2],
        ['frequencia', 1],
      ]),
    );
    expect(own(item)).toBeGreaterThan(carried(item));
  });

  it('score 0 without learned words or without pairs', () => {
    expect(associationScorer(learned, new Map([['extintor', 1]]))(words('extintor'))).toBe(0);
    expect(associationScorer(NO_ASSOCIATIONS, new Map([['assina', 1]]))(words('assinado'))).toBe(0);
    expect(learnAssociations([]).byQuestionWord.size).toBe(0);
    expect(associationScorer(learned, new Map([['assina', 1]]))([])).toBe(0);
  });
});
