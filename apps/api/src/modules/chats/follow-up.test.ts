import { describe, expect, it } from 'vitest';
import { genderOf, referentOf, resolveFollowUp, subjectOf } from './follow-up';

describe('subject of a question', () => {
  it.each([
    [
      'Quais os requisitos do cinto de segurança tipo paraquedista na NR-35?',
      'cinto de segurança tipo paraquedista',
    ],
    ['Como funciona a PET para entrar em espaço confinado?', 'PET para entrar em espaço confinado'],
    ['O que a NR-18 exige de guarda-corpo?', 'guarda-corpo'],
    // "quanta" asks how much: it is not part of what is asked about.
    ['Com quanta antecedência tenho que convocar a eleição?', 'antecedência'],
    ['Quais as regras para escavações na NR-18?', 'escavações'],
    // The case told first, the question after it: the question names what is asked about.
    [
      'O pessoal vai fazer manutenção no telhado do galpão, uns 6 m de altura. Precisa emitir permissão de trabalho?',
      'permissão de trabalho',
    ],
    // "do curso de NR-10": the NR named goes with its preposition.
    ['O eletricista fez o curso de NR-10 na empresa anterior?', 'curso na empresa anterior'],
    // Every sentence that asks counts, not only the last one.
    [
      'Empresa de navegação de cabotagem aqui. O treinamento inicial de segurança dos tripulantes pode ser EAD? e quantas horas tem?',
      'treinamento inicial de segurança dos tripulantes',
    ],
    // …unless the question names nothing of its own.
    ['Temos uma caldeira categoria B na fábrica. Pode?', 'caldeira categoria B na fábrica'],
  ])('%s → %s', (question, subject) => {
    expect(subjectOf(question)).toBe(subject);
  });
});

it('takes neither a conjunction that opens the clause nor an adverb for a noun a pronoun stands for', () => {
  // "Enquanto ele estiver valendo": "ele" is the embargo the chat asked about, not "Enquanto",
  // and "exatamente" in the previous question is no thing.
  const resolved = resolveFollowUp(
    'Enquanto ele estiver valendo, a gente pode pelo menos mandar o pessoal instalar o guarda-corpo?',
    'Nossa obra foi embargada ontem por falta de proteção nas bordas da laje. O que significa exatamente o embargo?',
  );
  expect(resolved.followUp).toBe(true);
  expect(resolved.question).toBe(
    'Enquanto embargo estiver valendo, a gente pode pelo menos mandar o pessoal instalar o guarda-corpo?',
  );
});

it('reads "ele" doing what a person does as the role named in the plural before a thing', () => {
  // "sozinho" says how, and "treinamento" cannot "trabalhar acompanhado": "ele" is one of the
  // operadores.
  expect(
    resolveFollowUp(
      'Quantos dias ele tem que trabalhar acompanhado?',
      'Depois do treinamento ele já pode operar sozinho (operadores de pá carregadeira)?',
    ).question,
  ).toBe('Quantos dias operadores de pá tem que trabalhar acompanhado?');
});

it('reads "ele" after "um dos meus funcionários" as that one person, a noun of the message', () => {
  expect(
    resolveFollowUp(
      'um dos meus funcionarios tem 63 anos, ele pode aplicar se fizer o curso?',
      'O curso de aplicação de agrotóxico é de 20 horas, né?',
    ),
  ).toEqual({
    question: 'um dos meus funcionarios tem 63 anos, ele pode aplicar se fizer o curso?',
    followUp: false,
  });
  expect(
    resolveFollowUp(
      'e se uma das farmacêuticas engravidar, ela pode continuar manipulando?',
      'A cabine de segurança biológica tem que ser de qual classe?',
    ).question,
  ).not.toContain('segurança biológica pode');
});

it('reads "essa tensão" as the voltage the conversation gave, for the table row it picks', () => {
  expect(
    resolveFollowUp(
      'E nessa tensão, qual o raio da zona controlada?',
      'Qual a carga horária do curso complementar do SEP?',
      ['Nosso eletricista vai trabalhar numa subestação de 13,8 kV. Precisa de curso?'],
    ).question,
  ).toBe('E na tensão de 13,8 kV, qual o raio da zona controlada?');
  // "esse valor": whatever the conversation measured.
  expect(
    resolveFollowUp(
      'com esse valor pode liberar a entrada?',
      'Antes de entrar na galeria o supervisor mediu o oxigênio e deu 19,7%.',
    ).question,
  ).toBe('com o valor de 19,7% pode liberar a entrada?');
  // A noun that names no measure keeps the subject.
  expect(
    resolveFollowUp(
      'E essa rede precisa de aterramento?',
      'A rede de 13,8 kV passa perto do galpão?',
    ).question,
  ).not.toContain('de 13,8 kV de');
});

it('never reads a pronoun as the NR the previous question named', () => {
  expect(
    resolveFollowUp(
      'E qual o peso máximo que ela pode carregar?',
      'O que a NR-17 fala sobre levantamento e transporte manual de cargas?',
    ).question,
  ).not.toContain('NR-17');
});

it('reads "mesmo assim" opening a message as holding against what the chat said, even with an NR named', () => {
  const previous =
    'Na usina de açúcar a caldeira ficou sem operar desde o fim da moagem passada, coisa de 8 meses.';
  expect(
    resolveFollowUp(
      'mesmo assim posso acender de novo direto ou a NR-13 exige algo antes?',
      previous,
    ).followUp,
  ).toBe(true);
  // Inside a message that told its own case, it holds against that case.
  expect(
    resolveFollowUp(
      'Os cilindros ficam num depósito ventilado. Mesmo assim precisam de corrente?',
      previous,
    ).followUp,
  ).toBe(false);
});

it('does not take "mesma" in "essa mesma regra" for the thing "essa" points to', () => {
  const question = resolveFollowUp(
    'e numa fazenda de café, o serviço de segurança de lá segue essa mesma regra?',
    'O SESMT é obrigatório a partir de quantos empregados?',
  ).question;
  expect(question).toContain('essa mesma regra');
  expect(question).toContain('(SESMT)');
});

it('reads "ela" as what the question sentence names, not the case told before it', () => {
  const previous =
    'O pessoal vai fazer manutenção no telhado do galpão, uns 6 m de altura. Precisa emitir permissão de trabalho?';
  expect(resolveFollowUp('E ela vale por quanto tempo?', previous).question).toBe(
    'E permissão de trabalho vale por quanto tempo?',
  );
});

it("leaves a pronoun that stands for the message's own noun, and resolves one that does not", () => {
  const previous = 'Posso emendar um talabarte no outro pra alcançar o ponto de ancoragem?';
  const own =
    'funcionario ficou 7 meses afastado pelo INSS, quando ele voltar tem que refazer os treinamentos das NRs?';
  expect(resolveFollowUp(own, previous)).toEqual({ question: own, followUp: false });
  // "ela" cannot be the funcionário: it is what the conversation named.
  expect(
    resolveFollowUp('O funcionário, quando ela rompe, tem que avisar?', previous).followUp,
  ).toBe(true);
  // An object pronoun after the message's noun is not that noun.
  expect(
    resolveFollowUp('O trabalhador pode usar ele de novo?', 'Quem paga o protetor auricular?')
      .question,
  ).toContain('protetor auricular');
});

it("does not take a unit of measure after a number for a pronoun's referent", () => {
  const resolved = resolveFollowUp(
    'então eles precisam de curso?',
    'O pessoal da manutenção predial sobe em escada de 3 metros pra trocar luminária do galpão.',
  );
  expect(resolved.followUp).toBe(true);
  expect(resolved.question).not.toContain('metros precisam');
});

it('reads "ele" doing what a person does as the person the conversation named', () => {
  const resolve = (message: string, previous: string) =>
    resolveFollowUp(message, previous).question;
  expect(
    resolve(
      'E se ele também tiver exposição a um agente químico de grau máximo, recebe os dois?',
      'O laudo deu insalubridade grau médio por ruído pro soldador.',
    ),
  ).toBe(
    'E se soldador também tiver exposição a um agente químico de grau máximo, recebe os dois?',
  );
  expect(
    resolve(
      'Ele precisa fazer reciclagem mesmo assim?',
      'Contratamos um eletricista que já tinha feito o curso de NR-10 na empresa anterior.',
    ),
  ).toBe('eletricista precisa fazer reciclagem mesmo assim?');
  expect(
    resolve(
      'Posso aproveitar o que ele fez lá?',
      'O certificado do operador de máquina é de uma empresa do mesmo ramo.',
    ),
  ).toBe('Posso aproveitar o que operador de máquina fez lá?');
  // What a thing undergoes keeps the thing.
  expect(
    resolve(
      'Ele precisa de inspeção antes de voltar a operar?',
      'O vaso de pressão do operador ficou parado.',
    ),
  ).not.toContain('operador precisa');
});

it('reads a pronoun no noun agrees with as the acronym whose article agrees, the first one named', () => {
  expect(
    resolveFollowUp(
      'E as versões antigas dele, posso descartar?',
      'A pasta do PGR já tá cheia de versão velha impressa.',
    ).question,
  ).toBe('E as versões antigas do PGR, posso descartar?');
  expect(
    resolveFollowUp(
      'Quanto tempo dura o mandato dos membros dela?',
      'No porto, a CPATP funciona igual à CIPA?',
    ).question,
  ).toBe('Quanto tempo dura o mandato dos membros da CPATP?');
});

describe('a message read with the previous question', () => {
  const previous = 'O que a NR-10 diz sobre o prontuário de instalações elétricas?';

  it('replaces "ele", "esse/essa X" and "dele" by the subject', () => {
    expect(
      resolveFollowUp('A partir de quanto de carga instalada ele é obrigatório?', previous),
    ).toEqual({
      question:
        'A partir de quanto de carga instalada prontuário de instalações elétricas é obrigatório?',
      followUp: true,
    });
    // "esse documento" names the thing: it stays, and the subject comes along.
    expect(resolveFollowUp('Quem deve manter esse documento atualizado?', previous).question).toBe(
      'Quem deve manter o documento atualizado (prontuário de instalações elétricas)?',
    );
    expect(resolveFollowUp('E a revisão desse prontuário?', previous).question).toBe(
      'E a revisão do prontuário de instalações elétricas?',
    );
    expect(resolveFollowUp('E a atualização dele?', previous).question).toBe(
      'E a atualização do prontuário de instalações elétricas?',
    );
  });

  it('lets "ele" in a message that asks something of its own stand for the noun phrase, not its modifiers', () => {
    const harness = 'Quais os requisitos do cinto de segurança tipo paraquedista?';
    expect(
      resolveFollowUp('E qual a altura a partir da qual ele é obrigatório?', harness).question,
    ).toBe('E qual a altura a partir da qual cinto de segurança é obrigatório?');
    // Alone, "ele" is the whole subject; "esse X" names its own thing and takes the whole subject.
    expect(resolveFollowUp('E ele?', harness).question).toBe(
      'E cinto de segurança tipo paraquedista?',
    );
    expect(
      resolveFollowUp('Com que frequência esse equipamento é inspecionado?', harness).question,
    ).toBe(
      'Com que frequência o equipamento é inspecionado (cinto de segurança tipo paraquedista)?',
    );
    expect(referentOf('PET para entrar em espaço confinado')).toBe('PET');
    expect(referentOf('prontuário de instalações elétricas')).toBe(
      'prontuário de instalações elétricas',
    );
  });

  it('does not take a verb for the subject, nor "ele" for it when the message has just named its own', () => {
    expect(subjectOf('Quem tem que pagar o EPI, a empresa ou o funcionário?')).toBe('EPI');
    expect(subjectOf('Quem pode operar máquina pela NR-12?')).toBe('máquina');
    expect(subjectOf('Qual a jornada máxima de operador de telemarketing?')).toBe(
      'operador de telemarketing',
    );
    const nr10 =
      'Qual a diferença entre trabalhador qualificado e profissional habilitado na NR-10?';
    expect(
      resolveFollowUp('E o capacitado? Se ele mudar de empresa, a capacitação vale?', nr10)
        .question,
    ).not.toContain('Se trabalhador');
    // "um talabarte desses que…" is not "esse X": the message names its own thing, one of the
    // kind the chat is about, and the previous subject does not come along.
    expect(
      resolveFollowUp(
        'E um talabarte desses que segurou uma queda?',
        'Quais inspeções o SPIQ precisa ter?',
      ),
    ).toEqual({ question: 'E um talabarte que segurou uma queda?', followUp: true });
  });

  it('lets a pronoun stand for the part of the subject it agrees with', () => {
    expect(genderOf('caldeira')).toBe('f');
    expect(genderOf('inspeções')).toBe('f');
    expect(genderOf('operador')).toBe('m');
    // "o eletricista" and "a eletricista": the ending does not tell.
    expect(genderOf('eletricista')).toBeNull();
    expect(genderOf('sistema')).toBe('m');
    expect(genderOf('PET')).toBeNull();
    // The owner is the thing named last that agrees: the caldeira, not its placa.
    expect(
      resolveFollowUp(
        'E se o prontuário dela sumiu?',
        'O que tem que ter na placa de identificação da caldeira?',
      ).question,
    ).toBe('E se o prontuário da caldeira sumiu?');
    expect(
      resolveFollowUp(
        'E a válvula de segurança dela, precisa de algum teste?',
        'Qual o prazo da inspeção periódica de caldeira categoria B?',
      ).question,
    ).toBe('E a válvula de segurança da caldeira categoria B, precisa de algum teste?');
    // "dele" after "cinto de segurança" is the cinto; after "operador de telemarketing", the operador.
    expect(
      resolveFollowUp(
        'E a inspeção dele?',
        'Quais os requisitos do cinto de segurança tipo paraquedista?',
      ).question,
    ).toBe('E a inspeção do cinto de segurança?');
    expect(
      resolveFollowUp(
        'E as pausas dele, como têm que ser?',
        'Qual a jornada máxima de operador de telemarketing?',
      ).question,
    ).toBe('E as pausas do operador de telemarketing, como têm que ser?');
  });

  it('keeps the noun of "esse X" alone when the conversation named that thing', () => {
    const asked = [
      'O que precisa constar no certificado de treinamento de NR?',
      'Tem que dar uma cópia pro trabalhador?',
    ];
    expect(
      resolveFollowUp('O tempo passado nesses treinamentos conta como jornada?', asked[1]!, [
        asked[0]!,
      ]).question,
    ).toBe('O tempo passado nos treinamentos conta como jornada?');
    // A noun the conversation did not name: the subject comes along.
    expect(resolveFollowUp('E esse documento, tem prazo?', asked[1]!, [asked[0]!]).question).toBe(
      'E o documento, tem prazo (cópia pro trabalhador)?',
    );
  });

  it('asks the same question of a thing of the same kind ("E o engenheiro de segurança?")', () => {
    const hours = 'O técnico de segurança do SESMT tem que cumprir quantas horas por semana?';
    expect(resolveFollowUp('E o engenheiro de segurança?', hours).question).toBe(
      'O engenheiro de segurança tem que cumprir quantas horas por semana?',
    );
    // Another aspect of the same thing shares no word with it: the subject comes along instead.
    expect(resolveFollowUp('E a carga horária?', hours).question).toBe(
      'E a carga horária (técnico de segurança do SESMT)?',
    );
  });

  it('carries the subject along an elliptical message, and names the NR the message names', () => {
    expect(resolveFollowUp('e a validade?', previous).question).toBe(
      'e a validade (prontuário de instalações elétricas)?',
    );
    expect(resolveFollowUp('e na NR-12?', previous).question).toBe(
      'e na NR-12 (prontuário de instalações elétricas)?',
    );
  });

  it('leaves a question of its own, and the first message of a chat, as they are', () => {
    const own = 'Qual a carga horária do curso básico de segurança em eletricidade?';
    expect(resolveFollowUp(own, previous)).toEqual({ question: own, followUp: false });
    expect(resolveFollowUp('e a validade?', null)).toEqual({
      question: 'e a validade?',
      followUp: false,
    });
  });

  it('asks the same question of another holder ("E as do trabalhador?", "E do vigia?")', () => {
    expect(
      resolveFollowUp('E as do trabalhador?', 'Quais são as obrigações da empresa quanto ao EPI?')
        .question,
    ).toBe('Quais são as obrigações do trabalhador quanto ao EPI?');
    expect(
      resolveFollowUp(
        'E do vigia?',
        'Qual a carga horária do treinamento inicial do supervisor de entrada em espaço confinado?',
      ).question,
    ).toBe('Qual a carga horária do vigia?');
  });

  it('asks the same question of another class, grade or category', () => {
    expect(
      resolveFollowUp(
        'E se a instalação for classe III?',
        'Que curso precisa quem faz manutenção em instalação classe II?',
      ).question,
    ).toBe('Que curso precisa quem faz manutenção em instalação classe III?');
    expect(
      resolveFollowUp('E se for categoria A?', 'Qual o prazo da inspeção de caldeira categoria B?')
        .question,
    ).toBe('Qual o prazo da inspeção de caldeira categoria A?');
  });

  it('leaves the previous subject out of a message that names its NR and its own thing', () => {
    const harness = 'Pela NR-35, de quanto em quanto tempo é o treinamento periódico?';
    expect(
      resolveFollowUp(
        'E na NR-20, de quanto em quanto tempo é a atualização do curso básico?',
        harness,
      ).question,
    ).toBe('E na NR-20, de quanto em quanto tempo é a atualização do curso básico?');
    // Only an aspect of its own: the subject comes along.
    expect(resolveFollowUp('E na NR-18, qual a carga horária mínima?', harness).question).toBe(
      'E na NR-18, qual a carga horária mínima (treinamento periódico)?',
    );
  });

  it('does not take "é" for the connector "e"', () => {
    expect(subjectOf('Trabalho sob ar comprimido é considerado insalubre?')).toBe(
      'Trabalho sob ar comprimido',
    );
  });

  it('keeps the subject with "esse X" when the previous question named X beside it', () => {
    expect(
      resolveFollowUp(
        'Esse sistema precisa atender algum requisito?',
        'O registro de entrega de EPI pode ser feito em sistema eletrônico?',
      ).question,
    ).toBe('O sistema precisa atender algum requisito (registro de entrega de EPI)?');
  });

  it('lets a pronoun stand for another phrase of the previous message when the subject cannot be it', () => {
    // "ela" is singular: not the trabalhadoras, the one who is grávida.
    expect(
      resolveFollowUp(
        'Ela pode continuar na aplicação?',
        'Uma das trabalhadoras contou que está grávida.',
      ).question,
    ).toBe('grávida pode continuar na aplicação?');
    // An acronym does not tell its gender: "ele" after "o EPI" is the EPI.
    expect(
      resolveFollowUp(
        'E se o funcionário perder ele, o que tem que fazer?',
        'Quem tem que pagar o EPI, a empresa ou o funcionário?',
      ).question,
    ).toBe('E se o funcionário perder EPI, o que tem que fazer?');
    // Nothing agrees: the pronoun stays and the subject comes along.
    expect(
      resolveFollowUp('Eles têm que fazer o periódico?', 'Como é a limpeza de fachada?').question,
    ).toBe('Eles têm que fazer o periódico (limpeza de fachada)?');
  });

  it('keeps the previous subject as background of a message that names a thing of its own', () => {
    const hospital = 'Num hospital, quem é responsável por descartar agulha usada?';
    expect(resolveFollowUp('E as vacinas do pessoal de enfermagem, quem paga?', hospital)).toEqual({
      question: 'E as vacinas do pessoal de enfermagem, quem paga (descartar agulha usada)?',
      followUp: true,
      background: {
        own: 'E as vacinas do pessoal de enfermagem, quem paga?',
        carried: 'descartar agulha usada',
      },
    });
    // A condition on the previous question ("para…", "com…", "se…") names no thing of its own.
    expect(
      resolveFollowUp(
        'E para instalação classe III?',
        'Os procedimentos operacionais da NR-20 têm prazo de revisão?',
      ),
    ).toEqual({
      question: 'E para instalação classe III (procedimentos operacionais)?',
      followUp: true,
    });
    expect(
      resolveFollowUp(
        'E com 45 empregados no turno, como calcula?',
        'Qual a proporção de instalações sanitárias por trabalhador?',
      ).background,
    ).toBeUndefined();
  });

  it('reads a message that opens with a preposition and a question word as a complement of the previous question', () => {
    expect(
      resolveFollowUp(
        'De quanto tempo, e depois de quanto trabalho contínuo?',
        'Quem trabalha em câmara fria de frigorífico tem direito a pausa?',
      ),
    ).toEqual({
      question:
        'De quanto tempo, e depois de quanto trabalho contínuo (Quem trabalha em câmara fria de frigorífico tem direito a pausa)?',
      followUp: true,
    });
    expect(resolveFollowUp('Por quanto tempo?', 'A empresa tem que guardar o ASO?').question).toBe(
      'Por quanto tempo (A empresa tem que guardar o ASO)?',
    );
    // A whole question that opens the same way is a question of its own.
    expect(
      resolveFollowUp(
        'a partir de quanto de carga instalada a empresa é obrigada a ter o prontuário de instalações elétricas?',
        'Posso mandar um eletricista sozinho fazer manutenção na rede energizada?',
      ).followUp,
    ).toBe(false);
    // Not at the start, it is a question of its own.
    expect(
      resolveFollowUp(
        'Qual o exame que o trabalhador faz de quanto em quanto tempo?',
        'A empresa tem que guardar o ASO?',
      ).followUp,
    ).toBe(false);
  });

  it('lets a plural pronoun stand for a plural whose ending does not tell its gender', () => {
    expect(
      resolveFollowUp(
        'E o descarte deles é responsabilidade de quem?',
        'Tem que ter plano de prevenção pra isso (perfurocortantes)?',
      ).question,
    ).toBe('E o descarte dos perfurocortantes é responsabilidade de quem?');
  });

  it('lets a pronoun agree with a noun after a modifier, past a figure', () => {
    expect(
      resolveFollowUp(
        'Que treinamento eles precisam ter?',
        'Trabalho num supermercado com 40 operadores de caixa.',
      ).question,
    ).toBe('Que treinamento operadores de caixa precisam ter?');
    // A place is where the thing is, not the thing: "ela" is the permissão, not the cobertura.
    expect(
      resolveFollowUp(
        'O que ela tem que conter?',
        'Precisa de permissão de trabalho (serviço não rotineiro na cobertura do galpão)?',
      ).question,
    ).toBe('O que permissão de trabalho tem que conter?');
    // A possessive's owner is a "de" complement, not a place ("caldeira… na usina").
    expect(
      resolveFollowUp(
        'Qual o prazo da inspeção dela?',
        'Temos uma caldeira categoria B na usina, sem SGC.',
      ).question,
    ).toBe('Qual o prazo da inspeção da caldeira categoria B?');
  });

  it('does not take the verbs a user tells their situation with for the subject', () => {
    expect(
      subjectOf('Trabalho num call center e queria saber das regras de jornada do operador.'),
    ).toBe('call center');
    expect(subjectOf('Comprei capacetes com protetor facial já acoplados.')).toBe(
      'capacetes com protetor facial',
    );
    expect(subjectOf('Vou contratar uns caras pra limpeza de fachada.')).toBe(
      'caras pra limpeza de fachada',
    );
    // "Trabalho em altura" is the thing itself.
    expect(subjectOf('Trabalho em altura exige treinamento de quantas horas?')).toBe(
      'Trabalho em altura',
    );
    // A sentence ends a phrase: "…de 6 m de altura. Precisa emitir…" does not run on.
    expect(subjectOf('O telhado tem 6 m. Permissão de trabalho é obrigatória?')).toBe(
      'Permissão de trabalho',
    );
  });

  it('keeps "ele" after the noun the message names before a colon', () => {
    expect(
      resolveFollowUp(
        'Começa pelo qualificado: o que define ele?',
        'Na NR-10 qual a diferença entre profissional habilitado e capacitado?',
      ).background?.own,
    ).toBe('Começa pelo qualificado: o que define ele?');
  });

  it('does not take what the case lacks ("sem …") for its subject', () => {
    expect(
      subjectOf(
        'Temos uma caldeira categoria B na fábrica, sem sistema de gerenciamento de combustão.',
      ),
    ).toBe('caldeira categoria B na fábrica');
  });

  it('asks the previous question of the other kind ("E o periódico?" after the initial one)', () => {
    const initial = 'Qual a carga horária do treinamento inicial de trabalho em altura?';
    expect(resolveFollowUp('E o periódico?', initial).question).toBe(
      'Qual a carga horária do treinamento periódico de trabalho em altura?',
    );
    expect(
      resolveFollowUp('E o periódico, tem que refazer de quanto em quanto tempo?', initial)
        .question,
    ).toBe(
      'E o periódico, tem que refazer de quanto em quanto tempo (treinamento periódico de trabalho em altura)?',
    );
  });

  it('reads "esses equipamentos" after a question on the EPI as the EPI', () => {
    expect(
      resolveFollowUp('E quem paga esses equipamentos?', 'Na NR-06, o que é o CA do EPI?').question,
    ).toBe('E quem paga os equipamentos (EPI)?');
  });

  it('carries the thing an earlier message named through a message that names only an aspect', () => {
    expect(
      resolveFollowUp('E as pausas, como têm que ser?', 'A jornada máxima é de 6 horas, certo?', [
        'Qual a jornada do operador de telemarketing?',
      ]).question,
    ).toBe('E as pausas, como têm que ser (operador de telemarketing)?');
  });

  it('keeps "de NR" inside a noun phrase, and does not read a question as a bare noun phrase', () => {
    expect(
      subjectOf('A firma quer fazer os treinamentos de NR no sábado, fora do expediente.'),
    ).toBe('treinamentos de NR no sábado');
    const previous = 'Qual a diferença entre embargo e interdição?';
    expect(resolveFollowUp('Mas o embargo para o quê exatamente?', previous).question).toBe(
      'Mas o embargo para o quê exatamente (embargo e interdição)?',
    );
  });
});

describe('what a follow-up names of its own', () => {
  it('leaves "ele" that stands for the noun the message itself named before a comma', () => {
    const resolved = resolveFollowUp(
      'E o plano de resgate, o que ele precisa considerar no mínimo?',
      'Vamos trocar a cobertura de um galpão de 9 m de altura com 6 telhadistas.',
    );
    // "ele" is the plano de resgate: it stays, and the conversation's subject comes along.
    expect(resolved.question).toMatch(/^E o plano de resgate, o que ele precisa considerar/);
    expect(resolved.question).not.toContain('trocar');
  });

  it('does not take what the speaker is going to do ("Vamos trocar…") for a thing', () => {
    expect(subjectOf('Vamos trocar a cobertura do galpão.')).toBe('cobertura do galpão');
    expect(subjectOf('Queremos instalar linha de vida na cobertura.')).toBe(
      'linha de vida na cobertura',
    );
  });

  it('leaves adverbs out of the subject ("não", "lá em cima")', () => {
    expect(subjectOf('O operador de grua não tem experiência anterior.')).toBe('operador de grua');
    expect(
      resolveFollowUp(
        'Qual a carga horária do curso dele?',
        'O operador de grua não tem experiência.',
      ).question,
    ).toBe('Qual a carga horária do curso do operador de grua?');
  });
});

it('takes what a message that told the case named ("a PET"), not what it carried, for a pronoun', () => {
  const opening =
    'Frigorífico, vamos mandar dois mecânicos entrar no tanque de graxaria pra manutenção.';
  // "Já temos a PET pronta." is read with the conversation: the tank comes along in parentheses.
  const told = resolveFollowUp('Já temos a PET pronta.', opening).question;
  expect(told).toMatch(/^Já temos a PET pronta\. \(.*graxaria.*\)\?$/);
  expect(resolveFollowUp('ela vale quanto tempo?', told, [opening]).question).toMatch(
    /^PET\b.* vale quanto tempo\?$/,
  );
});

describe('a message that stands on its own in a chat', () => {
  const previous = 'A NR 14 se aplica a quais empresas?';
  it.each([
    // A pronoun that opens a clause after the message's own noun, an acronym's included.
    'Quem pode assinar o LTCAT e ele tem prazo de validade?',
    'A empilhadeira vai circular na rua entre dois galpões. Ela precisa de placa?',
    // A time, not a thing named before.
    'quanto é o salário mínimo nacional este ano?',
    // "o mesmo valor": a determiner, not "the same" as before.
    'atestado de dentista tem o mesmo valor do atestado médico para abonar falta?',
    // "esse sistema", "essa sala": the message named the thing itself.
    'Pra controlar entrega de EPI posso usar biometria num sistema eletrônico? Esse sistema precisa gerar relatório pra fiscalização?',
    'Tenho 25 funcionários e quero adaptar uma sala pra eles almoçarem. O que essa sala precisa ter?',
    // "em que condições ela", "quanto ela vibra": a clause whose subject the message named.
    'Quando a PET de espaço confinado tem que ser encerrada e em que condições ela pode ser prorrogada?',
    'A furadeira de impacto que comprei não diz em lugar nenhum quanto ela vibra. O fabricante não era obrigado a informar?',
    // After a case told at length, "ele" is the person the case names, even as an object.
    'Um funcionário com contrato por prazo determinado foi eleito pra CIPA. Quando o contrato vencer, sou obrigado a manter ele por causa da estabilidade?',
    // Short, but with a modal and its verb: a whole question, not a complement.
    'Com que frequência os escoramentos de valas devem ser inspecionados?',
    // "nisso": the case the message told at length.
    'A gente tira os protetores auriculares descartáveis da caixa e coloca num pote na portaria pro pessoal pegar. Tem alguma exigência nisso?',
    // After a case told at length, a possessive stands for the people the case names, past a count.
    'Vou contratar três soldadores novos para a caldeiraria da fábrica. Qual o treinamento deles?',
    'Contratei quatro coletores pro turno da noite da limpeza urbana. Qual o exame admissional deles?',
    // "isso" right after a clause of its own that asks something of its own takes that clause up.
    'Faço entregas de bicicleta pelo aplicativo, isso conta como atividade perigosa?',
    'O refeitório fica ao lado da caldeira. Isso exige alguma distância mínima?',
    // "nesse período" after the span the message gave.
    'A caldeira foi interditada e a produção ficou parada por uns 15 dias. Nesse período preciso pagar os salários?',
    // "é obrigatório" with its verb: a whole question, not a complement.
    'Em quais obras é obrigatório manter refeitório?',
    // A person whose ending tells no gender, a group of people, a noun after "quantas".
    'Contratei dois eletricistas para a subestação. Que exames eles precisam fazer?',
    'Soldador da caldeiraria: quais cursos ele precisa ter?',
    'O pessoal da pintura trabalha 10 horas por dia. Quanto tempo de descanso eles têm?',
    'Minha equipe limpa caixas de gordura de restaurantes. Tem algum exame obrigatório pra eles?',
    'Vigilante de carro-forte: quantas horas de curso ele precisa?',
    'minha mãe tem 60 anos, ela pode aplicar agrotóxico na horta?',
    // An acronym that opens the message is its subject.
    'CIPA precisa de reunião mensal? E se ela não se reunir, qual a multa?',
    // "nele" is "em" and the pronoun: the message's own thing before it, an acronym's included.
    'Que dados todo ASO precisa ter escritos nele?',
    'Comprei um armário para guardar os produtos químicos. Posso guardar solventes nele?',
    // Short, but it names the very item it asks about.
    'O que diz o item 10.2.8 da NR-10? É o tal aterramento?',
    // A clause opened by "mesmo assim", "então", "aí": its subject is the message's own noun.
    'Os cilindros de oxigênio ficam num depósito ventilado. Mesmo assim eles precisam de corrente?',
    // "essa atividade" after the message described one.
    'Vamos limpar a fachada do prédio com balancim: que treinamento essa atividade exige?',
    // Short, but it names its own regulation and its own thing.
    'o que tem que constar no ASO nr7',
    'por quanto tempo arquivar a PET nr33',
    'NR 12 vale pra eletrodoméstico?',
  ])('%s', (message) => {
    expect(resolveFollowUp(message, previous)).toEqual({ question: message, followUp: false });
  });

  it('is still a follow-up when its pronoun or "o mesmo" points back', () => {
    expect(resolveFollowUp('E o mesmo vale pra NR-10?', previous).followUp).toBe(true);
    // Naming only its regulation, the message asks the previous question of it.
    expect(resolveFollowUp('e na NR 06?', previous).followUp).toBe(true);
    expect(resolveFollowUp('e pela NR 18?', previous).followUp).toBe(true);
    expect(resolveFollowUp('Quem pode assinar e ele tem prazo?', previous).followUp).toBe(true);
    expect(resolveFollowUp('E nesse caso, precisa de projeto?', previous).followUp).toBe(true);
    // A short case before "isso" is not a case of its own: "isso" is what the chat was about.
    expect(resolveFollowUp('Minha empresa tem 30 empregados. Isso muda?', previous).followUp).toBe(
      true,
    );
    // …nor a longer one whose "isso" asks about the chat's answer, or a condition set on it.
    for (const message of [
      'Minha empresa tem 30 empregados e grau de risco 3. Isso muda?',
      'E se o trabalho for em altura acima de dois metros, isso muda alguma exigência?',
      'Se a empresa tiver filial em outro estado, isso muda a contagem dos empregados?',
      // A span the message did not give is the chat's; "é obrigatório" alone completes its question.
      'Nesse período o vigia pode se afastar da entrada?',
      'Em quais casos é obrigatório?',
      // "nele" with nothing of the message's own before it is the chat's thing.
      'Precisa ter etiqueta nele?',
      // An item named in a message that opens as a continuation is still one.
      'E o item 35.4.2?',
      // With nothing described before it, "essa atividade" is the chat's.
      'Essa atividade precisa de permissão de trabalho?',
    ])
      expect(resolveFollowUp(message, previous).followUp).toBe(true);
    expect(resolveFollowUp('Com que frequência?', previous).followUp).toBe(true);
    // "este ano" points at no message, and "ele" still stands for what the chat named.
    expect(
      resolveFollowUp('E ele vale este ano?', 'Qual a validade do certificado de NR-10?').question,
    ).toMatch(/^E certificado\b.* vale este ano\?$/);
    // "o que define ele": the object, not a clause's subject.
    expect(resolveFollowUp('E o qualificado, o que define ele?', previous).followUp).toBe(true);
    // "esse sistema" with no system named in the message is the one the chat named.
    expect(resolveFollowUp('Esse sistema precisa gerar relatório?', previous).followUp).toBe(true);
    // A possessive is the owner the chat named: in a short message, or when the case told names
    // no person it agrees with.
    expect(resolveFollowUp('E o treinamento deles?', previous).followUp).toBe(true);
    expect(
      resolveFollowUp(
        'Comprei uma caldeira nova pra fábrica de ração e instalei no galpão dos fundos. Qual a pressão da válvula dela?',
        previous,
      ).followUp,
    ).toBe(true);
  });
});

it('reads a passive with no subject ("precisam ser refeitos?") as a follow-up of the thing named before', () => {
  const previous = 'Os crachás dos operadores de empilhadeira foram feitos em 2022.';
  expect(
    resolveFollowUp('precisam ser refeitos? o que tem que acontecer pra revalidar?', previous)
      .followUp,
  ).toBe(true);
  expect(resolveFollowUp('Tem que ser assinado por engenheiro?', previous).followUp).toBe(true);
  // A message with its own subject stands on its own.
  expect(
    resolveFollowUp('O PGR da obra precisa ser assinado por engenheiro de segurança?', previous)
      .followUp,
  ).toBe(false);
});

it('takes neither what the speaker knows ("Sei que…") nor a bare figure for the thing a message speaks of', () => {
  expect(subjectOf('Sei que com 85 o limite é 8 horas.')).toBe('limite');
  expect(subjectOf('Acho que com 85 dB o limite é 8 horas.')).not.toMatch(/^(?:Acho|85)/);
  expect(
    resolveFollowUp(
      'e na lixadeira que deu 90, quanto tempo o cara pode ficar exposto por dia?',
      'Sei que com 85 o limite é 8 horas.',
    ).question,
  ).not.toContain('(Sei)');
});
