import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../users/users.repository';
import { createSizingTestApp, type SizingTestApp } from '../test-support/sizing-test-app';
import { parseSizingQuestion } from './sizing-question';

let t: SizingTestApp;
beforeAll(async () => {
  t = await createSizingTestApp();
}, 180_000);
afterAll(async () => t?.close());

async function proUser() {
  const u = await t.user();
  await createUsersRepository(t.database.db).setPlanByEmail(u.email, 'pro');
  return u;
}

async function ask(headers: Record<string, string>, question: string) {
  const res = await t.inject('POST', '/regulation/question', headers, { question });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    aiResponse: string;
    data: { code: string; sections: { item: string }[] }[];
    abstained: boolean;
  };
}

const cited = (data: { code: string; sections: { item: string }[] }[]) =>
  data.flatMap((r) => r.sections.map((s) => `${r.code} ${s.item}`));

describe('a sizing question is answered by computing it', () => {
  it('from the numbers and grau in the question: the result first, the table and the items cited', async () => {
    const u = await proUser();
    const answer = await ask(
      u.headers,
      'Quantos membros da CIPA para uma empresa de grau de risco 3 com 120 empregados?',
    );
    expect(answer.aiResponse.split('\n')[0]).toBe(
      '**A CIPA deve ter 2 membros efetivos e 1 suplente:** é o que indica o Quadro I da NR-05 para um estabelecimento de grau de risco 3 com 120 empregados.',
    );
    expect(answer.aiResponse).toContain(
      'Dados usados: grau de risco 3 e 120 empregados, conforme a pergunta.',
    );
    expect(answer.aiResponse).toContain('| 3 | Efetivos | 2 |');
    expect(answer.aiResponse).toContain('| 3 | Suplentes | 1 |');
    expect(cited(answer.data)).toEqual(['NR-05 Quadro I', 'NR-05 5.4.1']);
    expect(answer.abstained).toBe(false);
  });

  it('from a CNAE in the question, reading its grau in NR-04 Anexo I', async () => {
    const u = await proUser();
    const answer = await ask(
      u.headers,
      'Preciso de SESMT com 600 funcionários e CNAE 4120-4/00? Quantos técnicos de segurança?',
    );
    expect(answer.aiResponse.split('\n')[0]).toBe(
      '**3 técnicos de segurança do trabalho:** é o que o Anexo II da NR-04 exige para um estabelecimento de grau de risco 3 com 600 empregados. O SESMT completo: 3 técnicos de segurança do trabalho, 1 engenheiro de segurança do trabalho em tempo parcial e 1 médico do trabalho em tempo parcial.',
    );
    expect(answer.aiResponse).toContain('CNAE 41.20-4 – Construção de edifícios, NR-04 Anexo I');
    expect(answer.aiResponse).toContain('| 41.20-4 | Construção de edifícios | 3 |');
    expect(cited(answer.data)).toEqual(['NR-04 Anexo I', 'NR-04 Anexo II', 'NR-04 4.5.1']);
  });

  it('from the active profile when the question gives no numbers, saying which profile', async () => {
    const u = await proUser();
    await t.inject('POST', '/delivery', u.headers, {
      name: 'Obra Centro',
      cnae: '4120400',
      employees: 120,
      uf: 'SP',
    });
    const answer = await ask(u.headers, 'quantos membros a CIPA da minha empresa deve ter?');
    expect(answer.aiResponse.split('\n')[0]).toBe(
      '**A CIPA deve ter 2 membros efetivos e 1 suplente:** é o que indica o Quadro I da NR-05 para um estabelecimento de grau de risco 3 com 120 empregados.',
    );
    expect(answer.aiResponse).toContain(
      'o CNAE 4120-4/00 e o número de empregados (120) do seu perfil ativo **Obra Centro**',
    );
    expect(cited(answer.data)).toEqual(['NR-04 Anexo I', 'NR-05 Quadro I', 'NR-05 5.4.1']);
  });

  it('asks for what is missing and offers to create a profile when there is none', async () => {
    const u = await proUser();
    const answer = await ask(u.headers, 'quantos membros a CIPA da minha empresa deve ter?');
    expect(answer.aiResponse).toBe(
      [
        'Para calcular a CIPA preciso do **grau de risco** do estabelecimento (ou do seu **CNAE**, que dá o grau pelo Anexo I da NR-04) e do **número de empregados** do estabelecimento.',
        'Diga na pergunta, por exemplo: "quantos membros da CIPA para grau de risco 3 com 120 empregados?"',
        'Ou cadastre sua empresa em [Minha empresa](/minha-empresa): com o CNAE e o número de empregados eu calculo o dimensionamento dela sempre que você perguntar.',
      ].join('\n\n'),
    );
    expect(answer.data).toEqual([]);
    // Asked about the SESMT, with the employees given: the grau is missing, and the example asks
    // about the SESMT too.
    const sesmt = await ask(u.headers, 'Precisa de técnico de segurança com 100 funcionários?');
    const [first, example] = sesmt.aiResponse.split('\n\n');
    expect(first).toBe(
      'Para calcular o SESMT preciso do **grau de risco** do estabelecimento (ou do seu **CNAE**, que dá o grau pelo Anexo I da NR-04).',
    );
    expect(example).toBe(
      'Diga na pergunta, por exemplo: "quantos técnicos de segurança para grau de risco 3 com 600 empregados?"',
    );
  });

  it('gives the grau de risco of a CNAE with its row of NR-04 Anexo I', async () => {
    const u = await proUser();
    const answer = await ask(u.headers, 'Qual o grau de risco do CNAE 8610-1/01?');
    expect(answer.aiResponse.split('\n')[0]).toBe(
      '**Grau de risco 3:** é o que o Anexo I da NR-04 atribui à classe CNAE 86.10-1 – Atividades de atendimento hospitalar.',
    );
    expect(answer.aiResponse).toContain('| 86.10-1 | Atividades de atendimento hospitalar | 3 |');
    expect(cited(answer.data)).toEqual(['NR-04 Anexo I']);
  });

  it('answers the same numbers in a chat', async () => {
    const u = await proUser();
    await t.inject('POST', '/delivery', u.headers, {
      name: 'Fábrica',
      cnae: '2511000',
      employees: 5200,
      uf: 'MG',
    });
    const created = await t.inject('POST', '/regulation/chat/create', u.headers, {
      title: 'Empresa',
      projectId: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.inject(
      'POST',
      `/regulation/chat/${created.json().id}/message`,
      u.headers,
      {
        content: 'Quantos membros a CIPA da nossa empresa precisa ter?',
      },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().content.split('\n')[0]).toBe(
      '**A CIPA deve ter 13 membros efetivos e 10 suplentes:** é o que indica o Quadro I da NR-05 para um estabelecimento de grau de risco 4 com 5.200 empregados.',
    );
  });
});

describe('from how many employees the CIPA or the SESMT is required', () => {
  it('is the first column with members of each table, per grau de risco, with the rule below it', async () => {
    const u = await proUser();
    const cipa = await ask(u.headers, 'A partir de quantos empregados é obrigatório ter CIPA?');
    expect(cipa.aiResponse.split('\n')[0]).toBe(
      '**A CIPA com membros eleitos é obrigatória a partir de 81 empregados no grau de risco 1, 51 no grau 2, 20 no grau 3 e 20 no grau 4:** é a primeira faixa com membros efetivos no Quadro I da NR-05. O grau de risco é o da atividade do estabelecimento (CNAE), no Anexo I da NR-04.',
    );
    expect(cipa.aiResponse).toContain('(NR-05, item 5.4.13)');
    expect(cited(cipa.data)).toEqual(['NR-05 Quadro I', 'NR-05 5.4.13']);
    const sesmt = await ask(u.headers, 'com quantos funcionários a empresa precisa de SESMT?');
    expect(sesmt.aiResponse.split('\n')[0]).toBe(
      '**O SESMT é obrigatório a partir de 501 empregados no grau de risco 1, 501 no grau 2, 101 no grau 3 e 50 no grau 4:** é a primeira faixa com profissionais no Anexo II da NR-04, para o maior grau de risco entre a atividade principal e a preponderante do estabelecimento.',
    );
    expect(cited(sesmt.data)).toEqual(['NR-04 Anexo II', 'NR-04 4.5.1']);
  });
});

describe('which questions are sizing questions', () => {
  it.each([
    ['quantos membros a CIPA da minha empresa deve ter?', ['cipa']],
    ['preciso de SESMT?', ['sesmt']],
    ['quantos técnicos de segurança preciso com 600 funcionários grau de risco 3?', ['sesmt']],
    ['qual o grau de risco do CNAE 4120-4/00?', ['grau']],
  ])('%s → %j', (question, topics) => {
    expect(parseSizingQuestion(question)?.topics).toEqual(topics);
  });

  it.each([
    'qual o mandato dos membros da CIPA?',
    'quanto tempo dura o treinamento da CIPA?',
    'O SESMT deve ser registrado?',
    'Preciso de treinamento da CIPA?',
    'a partir de quantos empregados o PGR é obrigatório?',
  ])('%s → left to the answer engines', (question) => {
    expect(parseSizingQuestion(question)).toBeNull();
  });

  it('reads "a partir de quantos empregados…" as the threshold of the table, not a sizing', () => {
    expect(
      parseSizingQuestion('a partir de quantos empregados a CIPA é obrigatória?'),
    ).toMatchObject({ topics: ['cipa'], threshold: true, employees: null });
    expect(parseSizingQuestion('Com quantos funcionários preciso de SESMT?')).toMatchObject({
      topics: ['sesmt'],
      threshold: true,
    });
    // With a count it is one establishment's sizing.
    expect(
      parseSizingQuestion(
        'a partir de quantos empregados... tenho 150 empregados, preciso de CIPA?',
      )?.threshold,
    ).toBe(false);
  });
});
