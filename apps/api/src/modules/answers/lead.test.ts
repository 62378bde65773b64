/**
 * The lead of an extractive answer, on the official text of the NRs: it states what was asked (the
 * number, the period, the list) at the level of the sub-item that carries it, and the item that
 * gives the kind of answer asked for comes first.
 */
import { describe, expect, it } from 'vitest';
import type { AnswerSource } from './answer-engine';
import { answerTypeOf, fitsAnswerType } from './answer-type';
import { composeExtractiveAnswer } from './extractive.engine';
import { firstParagraph } from './answer-metrics';
import { NOISE_TABLE, officialSection as section } from './answers.fixtures';

const NR18 = '7b787bdc-20df-46cb-92ae-e9c66bc92165';
const NR35 = 'ba798df0-e742-4722-9b65-dc9eb66205ed';
const NR10 = '4cf2af30-7d23-41c2-8577-47693f062db4';
const NR12 = '37e2e385-455e-40bb-ab6d-500b238dce64';

// NR-18, item 18.9.4.2 and item 18.15.2 (official text).
const GUARDRAIL = section(
  NR18,
  'NR-18',
  '18.9.4.2',
  'A proteção, quando constituída de anteparos rígidos em sistema de guarda-corpo e rodapé, deve atender aos seguintes requisitos:\n' +
    'a) travessão superior a 1,2 m (um metro e vinte centímetros) de altura e resistência à carga horizontal de 90 kgf/m (noventa quilogramas-força por metro), sendo que a deflexão máxima não deve ser superior a 0,076 m (setenta e seis milímetros);\n' +
    'b) travessão intermediário a 0,7 m (setenta centímetros) de altura e resistência à carga horizontal de 66 kgf/m (sessenta e seis quilogramas-força por metro);\n' +
    'c) rodapé com altura mínima de 0,15 m (quinze centímetros) rente à superfície e resistência à carga horizontal de 22 kgf/m (vinte e dois quilogramas-força por metro);\n' +
    'd) ter vãos entre travessas preenchidos com tela ou outro dispositivo que garanta o fechamento seguro da abertura.',
  10,
);
const FLOATING = section(
  NR18,
  'NR-18',
  '18.15.2',
  'Na periferia da plataforma flutuante, deve haver guarda-corpo de proteção contra quedas de trabalhadores (balaustrada), de acordo com a Norma da Autoridade Marítima (NORMAM-02/DPC).',
  9,
);
// NR-35, items 35.6.9.1.1 and 35.6.6.3.
const HARNESS = section(
  NR35,
  'NR-35',
  '35.6.9.1.1',
  'Quando utilizado para retenção de queda, o cinturão de segurança tipo paraquedista deve ser dotado de talabarte integrado com absorvedor de energia.',
  10,
);
const INSPECTION = section(
  NR35,
  'NR-35',
  '35.6.6.3',
  'A inspeção periódica deve ser realizada no mínimo uma vez a cada doze meses, podendo o intervalo entre as inspeções ser reduzido em função do tipo de utilização, frequência de uso ou exposição a agentes agressivos.',
  8.5,
);
// NR-10, item 10.2.4 (lead-in carrying the number, then its list).
const RECORDS = section(
  NR10,
  'NR-10',
  '10.2.4',
  'Os estabelecimentos com carga instalada superior a 75 kW devem constituir e manter o Prontuário de Instalações Elétricas, contendo, além do disposto no subitem 10.2.3, no mínimo:\n' +
    'a) conjunto de procedimentos e instruções técnicas e administrativas de segurança e saúde, implantadas e relacionadas a esta NR e descrição das medidas de controle existentes;\n' +
    'b) documentação das inspeções e medições do sistema de proteção contra descargas atmosféricas e aterramentos elétricos;\n' +
    'c) especificação dos equipamentos de proteção coletiva e individual e o ferramental, aplicáveis conforme determina esta NR;\n' +
    'd) documentação comprobatória da qualificação, habilitação, capacitação, autorização dos trabalhadores e dos treinamentos realizados;\n' +
    'e) resultados dos testes de isolação elétrica realizados em equipamentos de proteção individual e coletiva;\n' +
    'f) certificações dos equipamentos e materiais elétricos em áreas classificadas;\n' +
    'g) relatório técnico das inspeções atualizadas com recomendações, cronogramas de adequações, contemplando as alíneas de “a” a “f”.',
  10,
);
// NR-12, item 12.11.2.
const MAINTENANCE_LOG = section(
  NR12,
  'NR-12',
  '12.11.2',
  'As manutenções devem ser registradas em livro próprio, ficha ou sistema informatizado interno da empresa, com os seguintes dados:\n' +
    'a) intervenções realizadas;\nb) data da realização de cada intervenção;\nc) serviço realizado;\nd) peças reparadas ou substituídas;\n' +
    'e) condições de segurança do equipamento;\nf) indicação conclusiva quanto às condições de segurança da máquina; e\ng) nome do responsável pela execução das intervenções.',
  10,
);

// NR-13, item 13.4.4.8 (alternatives: "; ou").
const NR13 = 'd0f4c7b5-4bd7-4d0c-9b51-4f0a5e0a7c13';
const VALVE_TESTS = section(
  NR13,
  'NR-13',
  '13.4.4.8',
  'Além do disposto no subitem 13.4.4.7, as válvulas de segurança instaladas em caldeiras de categoria B devem ser testadas periodicamente conforme segue:\n' +
    'a) pelo menos uma vez por mês, mediante acionamento manual da alavanca durante a operação de caldeiras sem tratamento de água, exceto para aquelas que vaporizem fluido térmico; ou\n' +
    'b) as caldeiras que operem com água tratada devem ter a alavanca acionada manualmente, de acordo com as prescrições do fabricante.',
  10,
);

// NR-35, Anexo I, items 6.1 and 6.2 (official text): the rule, then the sibling that relaxes it,
// whose lead-in carries the figure and opens a list too long to state.
const WIND_STOP = section(
  NR35,
  'NR-35',
  'Anexo I 6.1',
  'Além das condições impeditivas identificadas na Análise de Risco, como estabelece a alínea "j", do subitem 35.5.5.1, da NR-35, o trabalho de acesso por corda deve ser interrompido imediatamente em caso de ventos superiores a quarenta quilômetros por hora.',
  9.5,
);
const WIND_ALLOWED = section(
  NR35,
  'NR-35',
  'Anexo I 6.2',
  'Pode ser autorizada a execução de trabalho em altura utilizando acesso por cordas em condições com ventos superiores a quarenta quilômetros por hora e inferiores a quarenta e seis quilômetros por hora, desde que atendidos os seguintes requisitos:\n' +
    'a) justificar a impossibilidade do adiamento dos serviços mediante documento assinado pelo responsável pela execução dos serviços;\n' +
    'b) elaborar Análise de Risco complementar com avaliação dos riscos, suas causas, consequências e medidas de controle, efetuada por equipe multidisciplinar coordenada por profissional qualificado em segurança do trabalho, anexada à justificativa, com as medidas de prevenção adicionais aplicáveis, assinada por todos os participantes;\n' +
    'c) implantar medidas adicionais de segurança que possibilitem a realização das atividades; e\n' +
    'd) ser realizada mediante operação assistida pelo supervisor das atividades.',
  10,
);

function lead(question: string, results: AnswerSource[]) {
  const answer = composeExtractiveAnswer(
    { question, retrieval: { abstained: false, confidence: 1, results } },
    '2026-06-01',
  );
  return { answer, lead: firstParagraph(answer.markdown) };
}

describe('answer type of a question', () => {
  it.each([
    ['Qual a altura mínima do guarda-corpo?', 'number'],
    // A measure other than height or distance asks for a figure too.
    ['Qual a inclinação máxima da rampa na obra?', 'number'],
    ['Qual o diâmetro mínimo do cabo de aço?', 'number'],
    ['Qual a espessura da chapa do piso?', 'number'],
    ['De quanto em quanto tempo tem que inspecionar o cinto?', 'deadline'],
    ['PET vale por quanto tempo?', 'deadline'],
    // A contract "por prazo determinado" is a kind of contract, not a deadline asked for.
    ['O contrato do cipeiro por prazo determinado pode ser encerrado?', 'yesno'],
    ['Quais dados mínimos tem que ter no ASO?', 'list'],
    ['O que precisa constar no registro de manutenção?', 'list'],
    ['O que o item 6.6.1 da NR-06 obriga o trabalhador a fazer em relação ao EPI?', 'list'],
    ['O que a norma exige do operador de empilhadeira?', 'list'],
    ['E fora o adicional, o que a empresa é obrigada a fazer pra prevenir?', 'list'],
    ['Quem elabora o plano de resgate?', 'who'],
    ['Quem pode operar caldeira?', 'who'],
    // "quem" as the subject of a yes-or-no question about that person is not asking who.
    ['quem trabalha em altura precisa de exame?', 'yesno'],
    ['quem toma a vacina da hepatite B fica protegido da D?', 'other'],
    // A ceiling asked for is a figure, not yes or no.
    ['tem teto pra essas prorrogações somadas?', 'number'],
    ['Existe limite para as prorrogações da PET?', 'number'],
    ['O que é trabalho em altura?', 'definition'],
    ['Por causa de furto, o gerente quer passar cadeado na porta de emergência. Pode?', 'yesno'],
    ['extintor', 'other'],
  ])('%s → %s', (question, type) => {
    expect(answerTypeOf(question)).toBe(type);
  });
});

describe('lead of an extractive answer', () => {
  it("does not state a rule bounded to another case than the user's, unless asked whether it applies", () => {
    // NR-17 Anexo II 6.4.3 and 6.4.1 (official text): the 4-hour rule is not the 6-hour operators'.
    const NR17 = 'b1c0f7f0-4a35-4a8e-9c51-2d1f6f0c1717';
    const fourHours = section(
      NR17,
      'NR-17',
      'Anexo II 6.4.3',
      'Para tempos de trabalho efetivo de teleatendimento/telemarketing de até 4 (quatro) horas diárias, deve ser observada a concessão de 1 (uma) pausa de descanso contínua de 10 (dez) minutos.',
      10,
    );
    const pauses = section(
      NR17,
      'NR-17',
      'Anexo II 6.4.1',
      'As pausas devem ser concedidas:\na) fora do posto de trabalho;\nb) em 02 (dois) períodos de 10 (dez) minutos contínuos; e\nc) após os primeiros e antes dos últimos 60 (sessenta) minutos de trabalho em atividade de teleatendimento/telemarketing.',
      8,
    );
    const answerTo = (question: string, told: string) =>
      composeExtractiveAnswer(
        {
          question,
          retrieval: { abstained: false, confidence: 1, results: [fourHours, pauses] },
          conversation: [
            { role: 'user', content: told },
            { role: 'assistant', content: 'Segundo o Anexo II da NR-17…' },
          ],
        },
        '2026-06-01',
      );
    const six = answerTo(
      'como tem que ser as pausas dos operadores?',
      'Os operadores fazem 6 horas por dia no fone.',
    );
    expect(six.citations[0]).toMatchObject({ item: 'Anexo II 6.4.1' });
    expect(firstParagraph(six.markdown)).toContain('02 (dois) períodos de 10 (dez) minutos');
    // For 4 hours a day, the 4-hour rule is the user's.
    const four = answerTo(
      'como tem que ser as pausas dos operadores?',
      'Os operadores fazem 4 horas por dia no fone.',
    );
    expect(four.citations[0]).toMatchObject({ item: 'Anexo II 6.4.3' });
    // Asked whether the rule applies, the bound that leaves the case out is the answer.
    const asked = answerTo(
      'a pausa única de 10 minutos vale pra eles?',
      'Os operadores fazem 6 horas por dia no fone.',
    );
    expect(asked.citations[0]).toMatchObject({ item: 'Anexo II 6.4.3' });
  });

  it('states the limit asked, not the figure of the case another rule is written for', () => {
    // NR-18, items 18.8.7.2 and 18.8.2 (official text): 6° is when cleats are needed, 15° the limit.
    const cleats = section(
      NR18,
      'NR-18',
      '18.8.7.2',
      'Nas rampas com inclinação superior a 6° (seis graus), devem ser fixadas peças transversais, espaçadas em, no máximo, 0,4 m (quarenta centímetros) ou outro dispositivo de apoio para os pés.',
      10,
    );
    const angles = section(
      NR18,
      'NR-18',
      '18.8.2',
      'A utilização de escadas e rampas deve observar os seguintes ângulos de inclinação:\n' +
        'a) para rampas, ângulos inferiores a 15° (quinze graus);\n' +
        'b) para escadas móveis, ângulos entre 50° (cinquenta graus) e 75° (setenta e cinco graus), ou de acordo com as recomendações do fabricante;\n' +
        'c) para escadas fixas tipo vertical, ângulos entre 75° (setenta e cinco graus) e 90° (noventa graus).',
      7.2,
    );
    const { answer, lead: first } = lead('Qual a inclinação máxima da rampa na obra?', [
      cleats,
      angles,
    ]);
    // The limit opens the answer; the rule for steeper ramps may follow it.
    expect(first).toMatch(/^Segundo o item 18\.8\.2 da NR-18\b/);
    expect(first).toContain('inferiores a 15°');
    expect(first.split(/(?<=\.) /)[0]).not.toContain('superior a 6°');
    expect(answer.citations[0]).toMatchObject({ code: 'NR-18', item: '18.8.2' });
  });

  it('opens the guarda-corpo question with the travessão superior at 1,2 m, cited, not the floating platform', () => {
    const { answer, lead: first } = lead('Qual a altura mínima do guarda-corpo?', [
      GUARDRAIL,
      FLOATING,
    ]);
    expect(first).toMatch(
      /^Segundo o item 18\.9\.4\.2 da NR-18, .*: a\) travessão superior a 1,2 m \(um metro e vinte centímetros\) de altura/,
    );
    // The lead stops at the clause with the number; the deflection stays in the quote.
    expect(first).not.toContain('deflexão');
    expect(first).not.toContain('18.15.2');
    expect(answer.citations[0]).toMatchObject({ code: 'NR-18', item: '18.9.4.2' });
    // Every sub-item the lead states is quoted below in the norm's words, none cut off.
    expect(answer.markdown).toContain(
      '> b) travessão intermediário a 0,7 m (setenta centímetros) de altura',
    );
    expect(answer.markdown).toContain(
      'sendo que a deflexão máxima não deve ser superior a 0,076 m',
    );
  });

  it('asked how often, leads with the item that gives a period over the one that only names the equipment', () => {
    const { answer, lead: first } = lead(
      'De quanto em quanto tempo tem que fazer a inspeção periódica dos cintos paraquedista e talabartes?',
      [HARNESS, INSPECTION],
    );
    expect(first).toContain('Segundo o item 35.6.6.3 da NR-35');
    expect(first).toContain('no mínimo uma vez a cada doze meses');
    expect(answer.citations[0]!.item).toBe('35.6.6.3');
  });

  it('asked from what load, states the lead-in that carries the number, not a sub-item of its list', () => {
    const { lead: first } = lead(
      'a partir de quanto de carga instalada a empresa é obrigada a ter o prontuário de instalações elétricas?',
      [RECORDS],
    );
    expect(first).toBe(
      'Segundo o item 10.2.4 da NR-10, os estabelecimentos com carga instalada superior a 75 kW devem constituir e manter o Prontuário de Instalações Elétricas.',
    );
  });

  it('states a lead-in that carries the figure asked alone, condition and all, when its list is too long to follow', () => {
    const { lead: first } = lead(
      'com vento de quantos km/h o acesso por cordas pode ser autorizado?',
      [WIND_ALLOWED],
    );
    expect(first).toBe(
      'Segundo o item 6.2 do Anexo I da NR-35, pode ser autorizada a execução de trabalho em altura utilizando acesso por cordas em condições com ventos superiores a quarenta quilômetros por hora e inferiores a quarenta e seis quilômetros por hora, desde que atendidos os seguintes requisitos.',
    );
  });

  it('leads with the rule before the sibling that relaxes it, when retrieval found both', () => {
    const { lead: first } = lead('com vento de quantos km/h tem que parar o acesso por cordas?', [
      WIND_ALLOWED,
      WIND_STOP,
    ]);
    expect(first).toMatch(
      /^Segundo o item 6\.1 do Anexo I da NR-35, .*deve ser interrompido imediatamente em caso de ventos superiores a quarenta quilômetros por hora\./,
    );
  });

  it('asked for a list, states the whole list with its letters', () => {
    const { lead: first } = lead(
      'O que precisa constar no registro de manutenção das máquinas (livro, ficha ou sistema)?',
      [MAINTENANCE_LOG],
    );
    expect(first).toContain('com os seguintes dados: a) intervenções realizadas; b) data');
    expect(first).toContain(
      'd) peças reparadas ou substituídas; e) condições de segurança do equipamento',
    );
    expect(first).toMatch(/g\) nome do responsável pela execução das intervenções\.$/);
  });

  it('states every alternative of a list whose sub-items are alternatives ("; ou"), with the "ou"', () => {
    const { lead: first } = lead(
      'A válvula de segurança da caldeira categoria B precisa de algum teste a mais?',
      [VALVE_TESTS],
    );
    expect(first).toContain(
      'a) pelo menos uma vez por mês, mediante acionamento manual da alavanca durante a operação de caldeiras sem tratamento de água, exceto para aquelas que vaporizem fluido térmico; ou b) as caldeiras que operem com água tratada',
    );
  });

  it('asked how many of a thing, takes the count for the figure asked ("2 (duas) vias" is no unit of measure)', () => {
    const copies = section(
      'r33',
      'NR-33',
      '33.5.7.1',
      'A PET deve ser emitida em 2 (duas) vias, ficando a primeira via no local de trabalho e a segunda via com o responsável técnico.',
      10,
    );
    const validity = section(
      'r33',
      'NR-33',
      '33.5.12.1.1',
      'A validade da PET, incluindo as prorrogações, não pode exceder a 24 (vinte e quatro) horas.',
      9,
    );
    const { lead: first } = lead('E quantas vias a PET deve ter?', [validity, copies]);
    expect(first).toContain('Segundo o item 33.5.7.1 da NR-33');
    expect(first).toContain('2 (duas) vias');
  });

  it('asked "quantas mais" with the thing counted left unsaid, takes a count of anything for the figure', () => {
    // NR-05, items 5.6.6 and 5.6.7.1 (official text).
    const NR05 = 'r05';
    const absences = section(
      NR05,
      'NR-05',
      '5.6.6',
      'O membro titular perderá o mandato, sendo substituído por suplente, quando faltar a mais de quatro reuniões ordinárias sem justificativa.',
      10,
    );
    const vacancy = section(
      NR05,
      'NR-05',
      '5.6.7.1',
      'Caso não existam mais suplentes, durante os primeiros 6 (seis) meses do mandato, a organização deve realizar eleição extraordinária para suprir a vacância, que somente será considerada válida com a participação de, no mínimo, um terço dos trabalhadores.',
      7,
    );
    const { lead: first } = lead('quantas mais pra poder chamar o suplente?', [absences, vacancy]);
    expect(first).toMatch(/^Segundo o item 5\.6\.6 da NR-05\b/);
    expect(first).toContain('mais de quatro reuniões ordinárias');
  });

  it("does not open with a rule written only for another category of boiler than the user's", () => {
    // NR-13, item 13.4.4.4 and Anexo IV 2.1 (official text): the annex is for categoria B only.
    const NR13 = 'r13';
    const periods = section(
      NR13,
      'NR-13',
      '13.4.4.4',
      'A inspeção de segurança periódica, constituída por exames interno e externo, deve ser executada nos seguintes prazos máximos:\n' +
        'a) doze meses para caldeiras das categorias A e B;\n' +
        'b) dezoito meses para caldeiras de recuperação de álcalis de qualquer categoria;\n' +
        'c) vinte e quatro meses para caldeiras da categoria A, desde que aos doze meses sejam testadas as pressões de abertura das válvulas de segurança; ou\n' +
        'd) trinta meses para caldeiras de categoria B com sistema de gerenciamento de combustão - SGC que atendam ao disposto no Anexo IV desta NR.',
      10,
    );
    const annex = section(
      NR13,
      'NR-13',
      'Anexo IV 2.1',
      'A ampliação dos prazos de inspeções de segurança das caldeiras de categoria B que operam de forma contínua fica condicionada ao cumprimento integral das seguintes exigências:\n' +
        'a) plano e programa de inspeção aprovados por PLH, observado o limite máximo de trinta meses entre inspeções internas;\n' +
        'e) testes da pressão de abertura das válvulas de segurança a cada 12 meses;',
      9.5,
    );
    const question =
      'Com que frequência deve ser feita a inspeção de segurança periódica de caldeiras categoria A?';
    const { answer, lead: first } = lead(question, [periods, annex]);
    expect(first).toMatch(/^Segundo o item 13\.4\.4\.4 da NR-13\b/);
    expect(answer.citations[0]).toMatchObject({ item: '13.4.4.4' });
  });

  it("in place of a sector's item, opens with the general item that answers best, not the first by score", () => {
    // NR-31 31.13.13.8, NR-33 33.5.12.1.1 and Anexo III 1.2 (official text): the farm rule ranks
    // first, the PET's 24 hours next; the training hours are in NR-33's table.
    const farm = section(
      'r31',
      'NR-31',
      '31.13.13.8',
      'Os supervisores de entrada, vigias e trabalhadores autorizados devem receber capacitação periódica a cada 12 (doze) meses, com carga horária mínima de 8 (oito) horas.',
      10,
    );
    const permit = section(
      'r33',
      'NR-33',
      '33.5.12.1.1',
      'A validade da PET, incluindo as prorrogações, não pode exceder a 24 (vinte e quatro) horas.',
      9.6,
    );
    const hours = section(
      'r33',
      'NR-33',
      'Anexo III 1.2',
      'A carga horária da parte prática do treinamento inicial e periódico dos supervisores de entrada, vigias, trabalhadores autorizados e equipe de emergência e salvamento deve ser de, no mínimo, 50% (cinquenta por cento) da carga horária prevista no Quadro 1 deste Anexo.\n' +
        'QUADRO 1\n\n' +
        '| Capacitação | Treinamento inicial (carga horária) | Treinamento periódico (carga horária/periodicidade) |\n' +
        '| --- | --- | --- |\n' +
        '| Supervisor de entrada | 40 horas | 8 horas/anual |\n' +
        '| Vigia e trabalhador autorizado | 16 horas | 8 horas/anual |',
      9.3,
    );
    const { answer, lead: first } = lead(
      'Quantas horas de treinamento para vigia de espaço confinado?',
      [farm, permit, hours],
    );
    expect(first).toMatch(/^Segundo o item 1\.2 do Anexo III da NR-33\b/);
    expect(first).toContain('16 horas');
    expect(first.split(/(?<=\.) /)[0]).not.toContain('24 (vinte e quatro) horas');
    expect(answer.citations[0]).toMatchObject({ code: 'NR-33', item: 'Anexo III 1.2' });
  });

  it('does not open with an annex written for a kind of work the user did not name', () => {
    // NR-15 Anexo 2 item 2 and Anexo 1 item 5; NR-07 Anexo IV 1.12 and 7.5.9 (official text).
    const impact = section(
      'r15',
      'NR-15',
      'Anexo 2 2',
      'Os níveis de impacto deverão ser avaliados em decibéis (dB), com medidor de nível de pressão sonora operando no circuito linear e circuito de resposta para impacto. As leituras devem ser feitas próximas ao ouvido do trabalhador. O limite de tolerância para ruído de impacto será de 130 dB (linear). Nos intervalos entre os picos, o ruído existente deverá ser avaliado como ruído contínuo.',
      10,
    );
    const continuous = section(
      'r15',
      'NR-15',
      'Anexo 1 5',
      'Não é permitida exposição a níveis de ruído acima de 115 dB(A) para indivíduos que não estejam adequadamente protegidos.',
      9.2,
    );
    expect(lead('Qual o limite de tolerância para ruído?', [impact, continuous]).lead).toMatch(
      /^Segundo o item 5 do Anexo 1 da NR-15\b.*115 dB\(A\)/,
    );
    // Named, the kind of noise keeps its annex first.
    expect(
      lead('Qual o limite de tolerância para ruído de impacto?', [impact, continuous]).lead,
    ).toMatch(/^Segundo o item 2 do Anexo 2 da NR-15\b.*130 dB/);

    const diver = section(
      'r07',
      'NR-07',
      'Anexo IV 1.12',
      'Em caso de ausência ao trabalho por mais de 15 (quinze) dias ou afastamento por doença, o empregado, ao retornar, deve ser submetido a novo exame médico, com emisão de ASO.',
      10,
    );
    const general = section(
      'r07',
      'NR-07',
      '7.5.9',
      'No exame de retorno ao trabalho, o exame clínico deve ser realizado antes que o empregado reassuma suas funções, quando ausente por período igual ou superior a 30 (trinta) dias por motivo de doença ou acidente, de natureza ocupacional ou não.',
      9,
    );
    const question = 'colaborador ficou 20 dias de atestado, precisa de aso de retorno?';
    const { answer, lead: first } = lead(question, [diver, general]);
    expect(first).toMatch(/^Segundo o item 7\.5\.9 da NR-07\b.*30 \(trinta\) dias/);
    expect(answer.citations[0]).toMatchObject({ item: '7.5.9' });
    // Far below, the general item does not take the lead.
    expect(lead(question, [diver, { ...general, score: 5 }]).lead).toMatch(
      /^Segundo o item 1\.12 do Anexo IV da NR-07\b/,
    );
  });

  it('asked how often, opens with the list of periods its lead-in says recur, not a deadline', () => {
    // NR-13 13.4.4.11 and 13.4.4.4 (official text).
    const report = section(
      'r13',
      'NR-13',
      '13.4.4.11',
      'O empregador deve informar à representação sindical da categoria profissional predominante do estabelecimento, quando demandado formalmente, num prazo máximo de 30 (trinta) dias após o término da inspeção de segurança periódica, a condição operacional da caldeira.',
      10,
    );
    const periods = section(
      'r13',
      'NR-13',
      '13.4.4.4',
      'A inspeção de segurança periódica, constituída por exames interno e externo, deve ser executada nos seguintes prazos máximos:\n' +
        'a) doze meses para caldeiras das categorias A e B;\n' +
        'b) dezoito meses para caldeiras de recuperação de álcalis de qualquer categoria;\n' +
        'c) vinte e quatro meses para caldeiras da categoria A, desde que aos doze meses sejam testadas as pressões de abertura das válvulas de segurança; ou\n' +
        'd) trinta meses para caldeiras de categoria B com sistema de gerenciamento de combustão - SGC que atendam ao disposto no Anexo IV desta NR.',
      8.9,
    );
    const { lead: first } = lead('Qual a periodicidade da inspeção da caldeira?', [
      report,
      periods,
    ]);
    expect(first).toMatch(/^Segundo o item 13\.4\.4\.4 da NR-13\b.*doze meses/);
  });

  it("does not put in a sector's place an item of an annex for another kind of work", () => {
    // NR-18 18.8.6.1 and NR-12 Anexo XI 15.13 (official text): the farm machines' stairs are no
    // more the user's than the building site's, and the site's rule names its sector.
    const site = section(
      'r18',
      'NR-18',
      '18.8.6.1',
      'As escadas de uso coletivo devem:\n' +
        'a) ser dimensionadas em função do fluxo de trabalhadores;\n' +
        'c) ter largura mínima de 0,8 m (oitenta centímetros);',
      10,
    );
    const farmMachine = section(
      'r12',
      'NR-12',
      'Anexo XI 15.13',
      'Em máquinas estacionárias as escadas de degraus com espelho devem ter:\n' +
        'a) largura mínima de 0,60 m (sessenta centímetros);\n' +
        'b) degraus com profundidade mínima de 0,20 m (vinte centímetros);',
      6.2,
    );
    expect(lead('Qual a largura mínima da escada?', [site, farmMachine]).lead).toMatch(
      /^Segundo o item 18\.8\.6\.1 da NR-18, que se aplica à indústria da construção\b/,
    );
    // Named, the farm machine's annex answers.
    expect(lead('Qual a largura mínima da escada do trator?', [site, farmMachine]).lead).toMatch(
      /^Segundo o item 15\.13 do Anexo XI da NR-12\b/,
    );
  });

  it('asked what a term is, quotes the glossary entry for that term, not one that uses it', () => {
    // NR-10's glossary, entries 28 and 31 (official text).
    const glossary = section(
      'r10',
      'NR-10',
      'Glossário',
      '28. Trabalho em Proximidade: trabalho durante o qual o trabalhador pode entrar na zona controlada, ainda que seja com uma parte do seu corpo ou com extensões condutoras, representadas por materiais, ferramentas ou equipamentos que manipule.\n' +
        '29. Travamento: ação destinada a manter, por meios mecânicos, um dispositivo de manobra fixo numa determinada posição, de forma a impedir uma ação não autorizada.\n' +
        '31. Zona Controlada: entorno de parte condutora energizada, não segregada, acessível, de dimensões estabelecidas de acordo com o nível de tensão, cuja aproximação só é permitida a profissionais autorizados.',
      10,
    );
    const uses = section(
      'r10',
      'NR-10',
      '10.6.2',
      'Os trabalhos que exigem o ingresso na zona controlada devem ser realizados mediante procedimentos específicos respeitando as distâncias previstas no Anexo II.',
      9.8,
    );
    const { lead: first } = lead('O que é zona controlada?', [glossary, uses]);
    expect(first).toMatch(/^Segundo o Glossário da NR-10, zona Controlada: entorno de parte/);
    expect(first).not.toContain('Trabalho em Proximidade');
  });

  it('asked a height, does not state a figure in the units of another measure', () => {
    // NR-35, items 35.6.7 and 35.6.3 (official text).
    const impact = section(
      'r35',
      'NR-35',
      '35.6.7',
      'O SPIQ deve ser selecionado de forma que a força de impacto transmitida ao trabalhador seja de no máximo 6 kN, quando de uma eventual queda.',
      10,
    );
    const selection = section(
      'r35',
      'NR-35',
      '35.6.3',
      'A seleção do SPQ deve considerar a utilização:\n' +
        'a) de Sistema de Proteção Coletiva Contra Quedas - SPCQ; ou\n' +
        'b) de Sistema de Proteção Individual Contra Quedas - SPIQ, nas seguintes situações:',
      9,
    );
    const { lead: first } = lead('Qual a altura máxima para trabalho sem proteção contra queda?', [
      impact,
      selection,
    ]);
    expect(first).not.toContain('6 kN');
    expect(first).toMatch(/^Segundo o item 35\.6\.3 da NR-35\b/);
  });

  it('takes for an answer to "quem" a statement that names who, not any duty', () => {
    const fits = (text: string) => fitsAnswerType('who', text, () => false);
    // NR-06, items 6.5.1 and 6.5.4 (official text): only the first says who pays.
    expect(fits('Cabe à organização, quanto ao EPI:')).toBe(true);
    expect(
      fits(
        'A seleção do EPI deve considerar o uso de óculos de segurança de sobrepor em conjunto com lentes corretivas ou a adaptação do EPI, sem ônus para o empregado, quando for necessária a utilização de correção visual',
      ),
    ).toBe(false);
    expect(fits('O PGR deve ser elaborado por profissional legalmente habilitado')).toBe(true);
    expect(fits('O empregador deve garantir a capacitação')).toBe(true);
    expect(fits('O OGMO deve constituir SESSTP')).toBe(true);
    expect(
      fits('O registro das manutenções deve ficar disponível aos trabalhadores envolvidos'),
    ).toBe(true);
    expect(fits('A permissão deve ser emitida em 2 (duas) vias.')).toBe(false);
    // Done by someone, not by a thing (NR-12 12.3.7, NR-34 34.16.18.1, official text).
    expect(
      fits(
        'As instalações elétricas das máquinas e equipamentos que utilizem energia elétrica fornecida por fonte externa devem possuir dispositivo protetor contra sobrecorrente',
      ),
    ).toBe(false);
    expect(fits('O cardápio deve ser balanceado e elaborado por profissional nutricionista')).toBe(
      true,
    );
    expect(fits('O projeto deve ser assinado pelo responsável técnico')).toBe(true);
  });

  it("in place of a sector's item, opens with a general item that says who, ranked lower", () => {
    // NR-18 18.6.19, NR-12 12.3.1 and 12.3.7, NR-10 10.6.1 (official text): only the last says
    // who may work on electrical installations; it ranks at 0.7 of the building site's rule.
    const site = section(
      'r18',
      'NR-18',
      '18.6.19',
      'O trabalho em proximidades de redes elétricas energizadas, internas ou externas ao canteiro de obras, só é permitido quando protegido contra o choque elétrico e arco elétrico.',
      10,
    );
    const circuits = section(
      'r12',
      'NR-12',
      '12.3.1',
      'Os circuitos elétricos de comando e potência das máquinas e equipamentos devem ser projetados e mantidos de modo a prevenir, por meios seguros, os perigos de choque elétrico, incêndio, explosão e outros tipos de acidentes, conforme previsto nas normas técnicas oficiais e, na falta dessas, nas normas internacionais aplicáveis.',
      8.7,
    );
    const breaker = section(
      'r12',
      'NR-12',
      '12.3.7',
      'As instalações elétricas das máquinas e equipamentos que utilizem energia elétrica fornecida por fonte externa devem possuir dispositivo protetor contra sobrecorrente, dimensionado conforme a demanda de consumo do circuito.',
      8.2,
    );
    const workers = section(
      'r10',
      'NR-10',
      '10.6.1',
      'As intervenções em instalações elétricas com tensão igual ou superior a 50 Volts em corrente alternada ou superior a 120 Volts em corrente contínua somente podem ser realizadas por trabalhadores que atendam ao que estabelece o item 10.8 desta Norma.',
      7.1,
    );
    const { lead: first } = lead('Quem pode trabalhar com eletricidade?', [
      site,
      circuits,
      breaker,
      workers,
    ]);
    expect(first).toMatch(/^Segundo o item 10\.6\.1 da NR-10\b/);
  });

  it("keeps a sector's item that gives the figure asked when no general item nearly as high does", () => {
    // NR-31 31.13.13.7 gives the hours; NR-33 33.3.3 ranks close and says nothing of hours.
    const farm = section(
      'r31',
      'NR-31',
      '31.13.13.7',
      'A capacitação inicial dos vigias deve ter carga horária de 16 (dezesseis) horas.',
      10,
    );
    const duties = section(
      'r33',
      'NR-33',
      '33.3.3',
      'Cabe aos trabalhadores colaborar com a organização no cumprimento desta NR e comunicar ao vigia e ao supervisor de entrada as situações de risco para sua segurança e saúde.',
      9,
    );
    expect(
      lead('Quantas horas de curso para vigia de espaço confinado?', [farm, duties]).lead,
    ).toMatch(/^Segundo o item 31\.13\.13\.7 da NR-31, que se aplica à agricultura/);
  });

  it('asked the limit of a thing, does not state the figure of another thing or measure', () => {
    // NR-11, items 11.2.8, 11.2.2 and 11.2.5 (official text): the ladder's landing and the carrying
    // distance have figures; the pile of sacks has none, and that is the answer.
    const NR11 = 'r11';
    const ladder = section(
      NR11,
      'NR-11',
      '11.2.8',
      'Quando não for possível o emprego de processo mecanizado, admite-se o processo manual, mediante a utilização de escada removível de madeira, com as seguintes características:\n' +
        'a) lance único de degraus com acesso a um patamar final;\n' +
        'b) a largura mínima de 1,00m (um metro), apresentando o patamar as dimensões mínimas de 1,00m x 1,00m (um metro x um metro) e a altura máxima, em relação ao solo, de 2,25m (dois metros e vinte e cinco centímetros);',
      10,
    );
    const distance = section(
      NR11,
      'NR-11',
      '11.2.2',
      'Fica estabelecida a distância máxima de 60,00m (sessenta metros) para o transporte manual de um saco.',
      7,
    );
    const piles = section(
      NR11,
      'NR-11',
      '11.2.5',
      'As pilhas de sacos, nos armazéns, devem ter altura máxima limitada ao nível de resistência do piso, à forma e resistência dos materiais de embalagem e à estabilidade, baseada na geometria, tipo de amarração e inclinação das pilhas.',
      6.9,
    );
    const { answer, lead: first } = lead('Qual a altura máxima de empilhamento de sacos?', [
      ladder,
      distance,
      piles,
    ]);
    expect(first).toMatch(/^Segundo o item 11\.2\.5 da NR-11\b/);
    expect(first).not.toContain('2,25');
    expect(first).not.toContain('60,00');
    expect(answer.citations[0]).toMatchObject({ code: 'NR-11', item: '11.2.5' });
  });

  it('takes a length of time for an answer to "por quanto tempo", not only a period word', () => {
    const fits = (text: string) => fitsAnswerType('deadline', text, (t) => /\d/.test(t));
    expect(fits('As PET devem ser arquivadas pelo período de 5 (cinco) anos.')).toBe(true);
    expect(
      fits(
        'O intervalo para repouso e alimentação para a atividade de telemarketing deve ser de 20 (vinte) minutos.',
      ),
    ).toBe(true);
    // A validity bounded by a shift answers "vale por quanto tempo" (NR-35, item 35.5.8.2).
    expect(
      fits(
        'A PT tem validade limitada à duração da atividade, restrita ao turno ou à jornada de trabalho.',
      ),
    ).toBe(true);
    expect(fits('A jornada de trabalho deve ser registrada.')).toBe(false);
    // NR-29, item 29.7.4: the number in words.
    expect(fits('A duração do mandato será de dois anos, permitida uma reeleição.')).toBe(true);
    // A number that is not a length of time answers no "quanto tempo".
    expect(fits('A PET deve ser emitida em 2 (duas) vias.')).toBe(false);
  });

  it('reads "prazos máximos" as a deadline, and states a sub-item that opens sub-items with them', () => {
    expect(
      fitsAnswerType(
        'deadline',
        'A inspeção deve ser executada nos seguintes prazos máximos: a) doze meses para caldeiras das categorias A e B',
        () => true,
      ),
    ).toBe(true);
    // NR-07, item 7.5.8 (official text).
    const exams = section(
      'r07',
      'NR-07',
      '7.5.8',
      'O exame clínico deve obedecer aos prazos e à seguinte periodicidade:\n' +
        'I - no exame admissional: ser realizado antes que o empregado assuma suas atividades;\n' +
        'II - no exame periódico: ser realizado de acordo com os seguintes intervalos:\n' +
        'a) para empregados expostos a riscos ocupacionais identificados e classificados no PGR e para portadores de doenças crônicas que aumentem a susceptibilidade a tais riscos:\n' +
        '1. a cada ano ou a intervalos menores, a critério do médico responsável;\n' +
        '2. de acordo com a periodicidade especificada no Anexo IV desta Norma, relativo a empregados expostos a condições hiperbáricas;\n' +
        'b) para os demais empregados, o exame clínico deve ser realizado a cada dois anos.',
      10,
    );
    const { lead: first } = lead(
      'De quanto em quanto tempo é o exame periódico dos empregados expostos a riscos do PGR?',
      [exams],
    );
    // "a) …riscos:" opens sub-items of its own: they come along, joined without a stray "; ".
    expect(first).toContain('tais riscos: 1. a cada ano ou a intervalos menores');
    expect(first).not.toContain(':;');
  });

  it('takes a frequency said in one word ("bimestrais", "anualmente") for an answer to "de quanto em quanto tempo"', () => {
    const fits = (text: string) => fitsAnswerType('deadline', text, (t) => /\d/.test(t));
    expect(fits('A CIPATR terá reuniões ordinárias bimestrais, em local apropriado.')).toBe(true);
    expect(fits('b) anualmente, tendo como referência o exame da alínea “a” acima;')).toBe(true);
    expect(
      fits('A comunicação deve ser encaminhada até o segundo dia útil após a ocorrência.'),
    ).toBe(true);
    // NR-19, Anexo I, 14.1.2 and NR-01, 1.7.1.2.2: a frequency without a number, a period left to
    // the employer.
    expect(fits('O treinamento periódico deve ser realizado, no mínimo, a cada ano.')).toBe(true);
    expect(fits('O treinamento periódico deve ocorrer em prazo determinado pelo empregador.')).toBe(
      true,
    );
    expect(fits('A CIPATR terá reuniões em local apropriado.')).toBe(false);
    expect(fits('O prazo de validade é o informado pelo fabricante.')).toBe(false);
    // NR-31, items 31.5.6 and 31.5.15 (official text): the meetings, not the mandate, lead.
    const mandate = section(
      'r31',
      'NR-31',
      '31.5.6',
      'O mandato dos membros eleitos da CIPATR terá duração de 2 (dois) anos, permitida uma reeleição.',
      7,
    );
    const meetings = section(
      'r31',
      'NR-31',
      '31.5.15',
      'A CIPATR terá reuniões ordinárias bimestrais, em local apropriado e em horário normal de expediente, obedecendo ao calendário bianual.',
      10,
    );
    const { answer, lead: first } = lead('De quanto em quanto tempo a CIPATR tem que se reunir?', [
      mandate,
      meetings,
    ]);
    expect(answer.citations[0]!.item).toBe('31.5.15');
    expect(first).toContain('reuniões ordinárias bimestrais');
  });

  it('asked for a deadline no item states, leads with the sub-item of the duty that gives it', () => {
    // NR-13, items 13.3.11 and 13.3.11.1 (official text).
    const communicate = section(
      'r13',
      'NR-13',
      '13.3.11',
      'O empregador deve comunicar à autoridade regional competente em matéria de trabalho e ao sindicato da categoria profissional predominante do estabelecimento a ocorrência de vazamento, incêndio ou explosão envolvendo equipamentos abrangidos por esta NR que tenha como consequência uma das situações a seguir:\n' +
        'a) morte de trabalhador(es);\n' +
        'b) internação hospitalar de trabalhador(es); ou\n' +
        'c) eventos de grande proporção.',
      10,
    );
    const deadline = section(
      'r13',
      'NR-13',
      '13.3.11.1',
      'A comunicação deve ser encaminhada até o segundo dia útil após a ocorrência e deve conter:\n' +
        'a) razão social do empregador, endereço, local, data e hora da ocorrência;\n' +
        'b) descrição da ocorrência;\n' +
        'c) nome e função da(s) vítima(s);\n' +
        'd) procedimentos de investigação adotados;\n' +
        'e) cópia do último relatório de inspeção de segurança do equipamento envolvido; e\n' +
        'f) cópia da Comunicação de Acidente de Trabalho - CAT.',
      9.5,
    );
    const { answer, lead: first } = lead(
      'Tivemos um vazamento de vapor na caldeira e um operador se queimou. Temos que comunicar alguém? tem prazo?',
      [communicate, deadline],
    );
    expect(answer.citations[0]!.item).toBe('13.3.11.1');
    expect(first).toContain(
      'a comunicação deve ser encaminhada até o segundo dia útil após a ocorrência',
    );
    // The parent still follows, quoted whole.
    expect(answer.citations.map((c) => c.item)).toContain('13.3.11');
  });

  it('states a long sentence whole when cutting it would leave out a condition, never only "estabelece o seguinte"', () => {
    // NR-22, item 22.34.2 (official text): one sentence of 580 characters.
    const sanitary = section(
      'r22',
      'NR-22',
      '22.34.2',
      'Nas frentes de trabalho devem ser disponibilizadas instalações sanitárias, a uma distância máxima de 250 m (duzentos e cinquenta metros), separadas por sexo, compostas de bacia sanitária e lavatório para cada grupo de 20 trabalhadores ou fração considerando o número de trabalhadores usuários do turno com o maior contingente, podendo ser usados banheiros químicos dotados de mecanismo de descarga ou de isolamento dos dejetos, com respiro e ventilação, material para lavagem e enxugo das mãos, sendo proibido o uso de toalhas coletivas, garantida a higienização a cada turno e retirada diária dos dejetos.',
      10,
    );
    const { lead: first } = lead(
      'Na mina, o banheiro da frente de lavra pode ser químico? A que distância tem que ficar?',
      [sanitary],
    );
    expect(first).not.toContain('estabelece o seguinte');
    expect(first).toContain('a uma distância máxima de 250 m');
    expect(first).toContain('podendo ser usados banheiros químicos');
  });

  it('states a short list whole, whatever was asked: one of its sub-items alone would be part of the rule', () => {
    // NR-17, Anexo II, item 6.4.1 (official text).
    const breaks = section(
      'r17',
      'NR-17',
      'Anexo II 6.4.1',
      'As pausas devem ser concedidas:\n' +
        'a) fora do posto de trabalho;\n' +
        'b) em 02 (dois) períodos de 10 (dez) minutos contínuos; e\n' +
        'c) após os primeiros e antes dos últimos 60 (sessenta) minutos de trabalho em atividade de teleatendimento/telemarketing.',
      10,
    );
    const { lead: first } = lead(
      'No telemarketing, as pausas podem ser dadas depois dos primeiros 60 minutos de trabalho?',
      [breaks],
    );
    expect(first).toBe(
      'Segundo o item 6.4.1 do Anexo II da NR-17, as pausas devem ser concedidas: a) fora do posto de trabalho; b) em 02 (dois) períodos de 10 (dez) minutos contínuos; c) após os primeiros e antes dos últimos 60 (sessenta) minutos de trabalho em atividade de teleatendimento/telemarketing.',
    );
  });

  it('reads a dash-marked entry as a sub-item of the sentence that opens its list, stated with it', () => {
    // NR-15, Anexo 14 (official text).
    const biological = section(
      'r15',
      'NR-15',
      'Anexo 14',
      'Relação das atividades que envolvem agentes biológicos, cuja insalubridade é caracterizada pela avaliação qualitativa.\n' +
        'Insalubridade de grau máximo\n' +
        'Trabalho ou operações, em contato permanente com:\n' +
        '- pacientes em isolamento por doenças infecto-contagiosas, bem como objetos de seu uso, não previamente esterilizados;\n' +
        '- esgotos (galerias e tanques); e\n' +
        '- lixo urbano (coleta e industrialização).\n' +
        'Insalubridade de grau médio Trabalhos e operações em contato permanente com pacientes, animais ou com material infecto-contagiante, em:\n' +
        '- hospitais, serviços de emergência, enfermarias, ambulatórios, postos de vacinação e outros estabelecimentos destinados aos cuidados da saúde humana (aplica-se unicamente ao pessoal que tenha contato com os pacientes, bem como aos que manuseiam objetos de uso desses pacientes, não previamente esterilizados);\n' +
        '- hospitais, ambulatórios, postos de vacinação e outros estabelecimentos destinados ao atendimento e tratamento de animais (aplica-se apenas ao pessoal que tenha contato com tais animais);\n' +
        '- laboratórios de análise clínica e histopatologia (aplica-se tão-só ao pessoal técnico);\n' +
        '- gabinetes de autópsias, de anatomia e histoanatomopatologia (aplica-se somente ao pessoal técnico);\n' +
        '- cemitérios (exumação de corpos);\n' +
        '- estábulos e cavalariças; e\n' +
        '- resíduos de animais deteriorados.',
      10,
    );
    const { lead: first } = lead(
      'Quem trabalha em laboratório de análises clínicas tem insalubridade de que grau?',
      [biological],
    );
    // The grade is in the sentence that opens the list: the entry alone ("- laboratórios…") would
    // not say it.
    expect(first).toBe(
      'Segundo o Anexo 14 da NR-15, insalubridade de grau médio Trabalhos e operações em contato permanente com pacientes, animais ou com material infecto-contagiante, em: laboratórios de análise clínica e histopatologia (aplica-se tão-só ao pessoal técnico).',
    );
  });

  it("leads with the rule of the sector the user named over a general regulation's, when nearly as high", () => {
    // NR-05 item 5.6.1 and NR-31 item 31.5.15 (official text).
    const cipa = section(
      'r05',
      'NR-05',
      '5.6.1',
      'A CIPA terá reuniões ordinárias mensais, de acordo com o calendário preestabelecido.',
      10,
    );
    const cipatr = section(
      'r31',
      'NR-31',
      '31.5.15',
      'A CIPATR terá reuniões ordinárias bimestrais, em local apropriado e em horário normal de expediente, obedecendo ao calendário bianual.',
      9,
    );
    const onFarm = lead('Na fazenda, as reuniões da CIPATR são mensais como as da CIPA?', [
      cipa,
      cipatr,
    ]);
    expect(onFarm.lead).toMatch(
      /^Segundo o item 31\.5\.15 da NR-31, a CIPATR terá reuniões ordinárias bimestrais/,
    );
    // Far below the general rule, the sector's item does not lead.
    const far = { ...cipatr, score: 7 };
    expect(
      lead('Na fazenda, as reuniões da CIPATR são mensais como as da CIPA?', [cipa, far]).lead,
    ).toMatch(/^Segundo o item 5\.6\.1 da NR-05/);
  });

  it('states a rule that opens a table up to its colon, not "estabelece o seguinte:"', () => {
    // NR-36, item 36.13.2 (official text).
    const breaks = section(
      'r36',
      'NR-36',
      '36.13.2',
      'Para os trabalhadores que desenvolvem atividades exercidas diretamente no processo produtivo, ou seja, desde a recepção até a expedição, onde são exigidas repetitividade e/ou sobrecarga muscular estática ou dinâmica do pescoço, ombros, dorso e membros superiores e inferiores, devem ser asseguradas pausas psicofisiológicas distribuídas, no mínimo, de acordo com o seguinte quadro 1:\n' +
        'QUADRO 1\n' +
        '| JORNADA DE TRABALHO | Tempo de tolerância para aplicação da pausa | TEMPO DE PAUSA |\n' +
        '| --- | --- | --- |\n' +
        '| até 6h | Até 6h20 | 20 MINUTOS |\n' +
        '| até 7h20 | Até 7h40 | 45 MINUTOS |\n' +
        '| até 8h48 | Até 9h10 | 60 MINUTOS |',
      10,
    );
    const { lead: first } = lead('Como são as pausas psicofisiológicas no frigorífico?', [breaks]);
    expect(first).toMatch(
      /^Segundo o item 36\.13\.2 da NR-36, para os trabalhadores .* devem ser asseguradas pausas psicofisiológicas distribuídas, no mínimo, de acordo com o seguinte quadro 1\.$/,
    );
  });

  it('keeps an item whose heading names what was asked, though its sentences use other words', () => {
    // NR-07, Anexo II: the items retrieval finds for the question, with their scores and headings
    // (official text). 4.1 says "anualmente" under "4 Periodicidade dos exames audiométricos"; the
    // items that say "período" ("repouso auditivo por um período mínimo de 14 horas") match more words.
    const results = [
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 4.1.1',
          'Na demissão pode ser aceito exame audiométrico realizado até 120 (cento e vinte) dias antes da data de finalização do contrato de trabalho.',
          1.0,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 4 Periodicidade dos exames audiométricos',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 4.1',
          'O exame audiométrico deve ser realizado, no mínimo:\na) na admissão;\nb) anualmente, tendo como referência o exame da alínea “a” acima;\nc) na demissão.',
          0.981,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 4 Periodicidade dos exames audiométricos',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 4.3',
          'O empregado deve ser submetido a exame audiométrico de referência e a exames audiométricos sequenciais na forma descrita nos subitens seguintes.',
          0.753,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 4 Periodicidade dos exames audiométricos',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 4.2',
          'O intervalo entre os exames audiométricos pode ser reduzido a critério do médico do trabalho responsável pelo PCMSO.',
          0.729,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 4 Periodicidade dos exames audiométricos',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 3.2',
          'O audiômetro deve ser submetido a procedimentos de verificação e controle periódico do seu funcionamento, incluindo:\nI - aferição acústica anual;\nII - calibração acústica:\na) sempre que a aferição acústica indicar alteração;\nb) quando houver recomendação de prazo pelo fabricante;\nc) a cada 5 (cinco) anos, se não houver indicação do fabricante.\nIII - aferição biológica precedendo a realização dos exames audiométricos.',
          0.702,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 3 Exame audiométrico',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 4.3.2',
          'Exame audiométrico sequencial é aquele que será comparado com o exame de referência e se aplica a todo empregado que já possua um exame audiométrico de referência prévio.',
          0.694,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 4 Periodicidade dos exames audiométricos',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 3.4',
          'O empregado deve permanecer em repouso auditivo por um período mínimo de 14 horas até o exame audiométrico.',
          0.652,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 3 Exame audiométrico',
      },
      {
        ...section(
          'r07',
          'NR-07',
          'Anexo II 4.3.1',
          'Exame audiométrico de referência é aquele com o qual os exames sequenciais serão comparados e que deve ser realizado:\na) quando não houver um exame audiométrico de referência prévio;\nb) quando algum exame audiométrico sequencial apresentar alteração significativa em relação ao exame de referência.',
          0.619,
        ),
        headingPath:
          'Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > 4 Periodicidade dos exames audiométricos',
      },
    ];
    const { lead: first } = lead('Qual a periodicidade da audiometria?', results);
    expect(first).toMatch(/^Segundo o item 4\.1 do Anexo II da NR-07.*b\) anualmente/);
  });

  it('asked how often, states a recurrence before a length of time that is not one', () => {
    // NR-07, Anexo II, in the order retrieval gives them for "de quanto em quanto tempo fazer
    // audiometria?" (official text): the 14 hours of rest come first and are a length of time, not
    // how often; 4.1, under the heading "4 Periodicidade…", says "anualmente".
    const heading = (n: string) =>
      `Anexo II - Controle Médico Ocupacional da Exposição a Níveis de Pressão Sonora Elevados > ${n}`;
    const at = (item: string, text: string, score: number, under: string) => ({
      ...section('r07', 'NR-07', item, text, score),
      headingPath: heading(under),
    });
    const results = [
      at(
        'Anexo II 3.4',
        'O empregado deve permanecer em repouso auditivo por um período mínimo de 14 horas até o exame audiométrico.',
        1.0,
        '3 Exame audiométrico',
      ),
      at(
        'Anexo II 4.1',
        'O exame audiométrico deve ser realizado, no mínimo:\na) na admissão;\nb) anualmente, tendo como referência o exame da alínea “a” acima;\nc) na demissão.',
        0.88,
        '4 Periodicidade dos exames audiométricos',
      ),
      at(
        'Anexo II 3.2',
        'O audiômetro deve ser submetido a procedimentos de verificação e controle periódico do seu funcionamento, incluindo:\nI - aferição acústica anual;\nII - calibração acústica:\na) sempre que a aferição acústica indicar alteração;\nb) quando houver recomendação de prazo pelo fabricante;\nc) a cada 5 (cinco) anos, se não houver indicação do fabricante.\nIII - aferição biológica precedendo a realização dos exames audiométricos.',
        0.8,
        '3 Exame audiométrico',
      ),
      at(
        'Anexo II 4.1.1',
        'Na demissão pode ser aceito exame audiométrico realizado até 120 (cento e vinte) dias antes da data de finalização do contrato de trabalho.',
        0.75,
        '4 Periodicidade dos exames audiométricos',
      ),
    ];
    const { lead: first } = lead('De quanto em quanto tempo fazer audiometria?', results);
    expect(first).toMatch(/^Segundo o item 4\.1 do Anexo II da NR-07.*b\) anualmente/);
    // Asked for how long, the 14 hours answer.
    const { lead: rest } = lead('Quanto tempo de repouso auditivo antes da audiometria?', results);
    expect(rest).toMatch(/^Segundo o item 3\.4 do Anexo II da NR-07/);
  });

  it('leads with the row of a table that the quantity the question gives picks out', () => {
    // NR-15, Anexo 1 (official text): retrieval ranks the mixed-exposure rule first and the table
    // at half its score.
    const equation = section(
      'r15',
      'NR-15',
      'Anexo 1 6',
      'Na equação acima, Cn indica o tempo total que o trabalhador fica exposto a um nível de ruído específico, e Tn indica a máxima exposição diária permissível a este nível, segundo o Quadro deste Anexo.',
      1.0,
    );
    const table = section('r15', 'NR-15', 'Anexo 1', NOISE_TABLE, 0.48);
    const { lead: first } = lead('quanto tempo posso ficar exposto a 90 dB?', [equation, table]);
    expect(first).toMatch(/90 — MÁXIMA EXPOSIÇÃO DIÁRIA PERMISSÍVEL: 4 horas/);
    expect(first).toMatch(/^Segundo o Anexo 1 da NR-15/);
  });

  it('does not lead with a rule written for graus de risco other than the one the user gave', () => {
    // NR-05 (official text): 5.7.4.3 is for grau de risco 1 only; the user's company is grau 3.
    const remote = section(
      'r05',
      'NR-05',
      '5.7.4.3',
      'A carga horária do treinamento dos estabelecimentos de grau de risco 1 e do representante nomeado da NR-05 podem ser realizadas integralmente na modalidade de ensino à distância ou semipresencial, nos termos da NR-01.',
      1.0,
    );
    const inPerson = section(
      'r05',
      'NR-05',
      '5.7.4.2',
      'Para a modalidade presencial deve ser observada a seguinte carga horária mínima do treinamento:\na) 4 (quatro) horas para estabelecimentos de grau de risco 2; e\nb) 8 (oito) horas para estabelecimentos de grau de risco 3 e 4.',
      0.8,
    );
    const asked = (said: string) =>
      firstParagraph(
        composeExtractiveAnswer(
          {
            question: 'O treinamento da CIPA pode ser todo à distância?',
            retrieval: { abstained: false, confidence: 1, results: [remote, inPerson] },
            conversation: [{ role: 'user', content: said }],
          },
          '2026-06-01',
        ).markdown,
      );
    expect(asked('Somos uma metalúrgica grau 3.')).toMatch(/^Segundo o item 5\.7\.4\.2 da NR-05/);
    // For a grau 1 company the rule on distance learning is the answer.
    expect(asked('Somos um escritório, grau de risco 1.')).toMatch(
      /^Segundo o item 5\.7\.4\.3 da NR-05/,
    );
  });

  it('asked how often, keeps the length of time that qualifies a recurrence stated by its parent', () => {
    // NR-01 1.5.4.4.6 and its sub-item, under "1.5.4.4 Avaliação de riscos ocupacionais" (official
    // text, shortened).
    const headingPath =
      '1.5 Gerenciamento de riscos ocupacionais > 1.5.4 Processo de identificação de perigos e avaliação de riscos ocupacionais > 1.5.4.4 Avaliação de riscos ocupacionais';
    const review = section(
      'r01',
      'NR-01',
      '1.5.4.4.6',
      'A avaliação de riscos deve constituir um processo contínuo e ser revista a cada dois anos ou quando da ocorrência das seguintes situações:\na) após implementação das medidas de prevenção, para avaliação de riscos residuais;\nb) na ocorrência de acidentes ou doenças relacionadas ao trabalho.',
      1.0,
    );
    const certified = section(
      'r01',
      'NR-01',
      '1.5.4.4.6.1',
      'No caso de organizações que possuírem certificações em sistema de gestão de SST, o prazo poderá ser de até 3 (três) anos.',
      0.77,
    );
    const { lead: first } = lead(
      'NR-01: de quanto em quanto tempo a avaliação de riscos do PGR tem que ser revista?',
      [
        { ...review, headingPath },
        { ...certified, headingPath },
      ],
    );
    expect(first).toContain('revista a cada dois anos');
    expect(first).toContain('o prazo poderá ser de até 3 (três) anos');
  });
});
