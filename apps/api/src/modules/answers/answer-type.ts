/**
 * What kind of answer a question asks for, from its wording alone: a number (height, hours, how
 * many), a deadline or frequency, a list of requirements, yes or no, who is responsible, or a
 * definition. The lead of an answer states that thing first (decision record 0025).
 */
export type AnswerType = 'number' | 'deadline' | 'list' | 'yesno' | 'who' | 'definition' | 'other';

/** A case-insensitive word-list pattern with letter boundaries that also work for accented letters. */
function words(alternatives: string): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');
}

const DEADLINE_QUESTION = words(
  'com que frequ[êe]ncia|de quanto em quanto|a cada quanto|qual (?:[oa] )?(?:prazo|periodicidade|validade|frequ[êe]ncia|intervalo)|em quanto tempo|quanto tempo|por quanto tempo|at[ée] quando|prazo(?!\\s+(?:in)?determinado)|periodicidade|validade|vale por',
);
const NUMBER_QUESTION = words(
  'quant[oa]s?|carga hor[áa]ria|(?:tem|h[áa]|existe|existem|algum|tenho|teria) (?:um |uma |algum |alguma )?(?:teto|limite)|qual (?:[ao] )?(?:altura|dist[âa]ncia|carga|limite|largura|dimens[ãa]o|dimens[õo]es|idade|n[úu]mero|valor|di[âa]metro|tens[ãa]o|temperatura|capacidade|percentual|porcentagem|profundidade|comprimento|[áa]rea|p[ée]-direito|concentra[çc][ãa]o|pot[êe]ncia|inclina[çc][ãa]o|[âa]ngulo|espessura|peso|velocidade|press[ãa]o|espa[çc]amento)|a partir de que|a partir de qual|acima de qu[ae]|(?:altura|dist[âa]ncia|largura|carga|idade|n[úu]mero|valor|tempo|prazo|temperatura|profundidade|p[ée]-direito|inclina[çc][ãa]o|[âa]ngulo|espessura|peso|velocidade|press[ãa]o|espa[çc]amento|di[âa]metro|comprimento) (?:m[íi]nim[oa]|m[áa]xim[oa])',
);
const LIST_QUESTION = words(
  'quais|que (?:informa[çc][õo]es|dados|documentos|itens|elementos|medidas|requisitos|procedimentos|exig[êe]ncias|cuidados|etapas|provid[êe]ncias|conte[úu]dos?)|o que (?:precisa|deve|tem que|tem de|[ée] preciso|[ée] necess[áa]rio) (?:constar|conter|ter|haver|incluir|informar)|sequ[êe]ncia|hierarquia|ordem|etapas|lista|o que (?:\\S+\\s+){0,6}?(?:obriga|obrigam|exige|exigem|determina|determinam|imp[õo]e|imp[õo]em|requer|requerem)|o que (?:\\S+\\s+){0,3}?(?:[ée]|s[ãa]o) obrigad[oa]s? a (?:fazer|adotar|cumprir|garantir|providenciar)',
);
const WHO_QUESTION = words('quem|a quem|de quem|respons[áa]vel por');
/**
 * "quem" as the subject of another question ("quem toma a vacina da hepatite B fica protegido da
 * D?", "quem trabalha em altura precisa de exame?"): its own verb comes first, and the question is
 * whether that person is protected, must or may — not who.
 */
const RELATIVE_WHO =
  /^(?:e\s+)?quem\s+(?!(?:pode|podem|deve|devem|precisa|precisam|fica|ficam|tem|t[êe]m|[ée]|s[ãa]o|est[áa]|est[ãa]o)(?!\p{L}))\p{L}+(?:\s+\S+){0,6}?\s+(?:fica|ficam|precisa|precisam|pode|podem|deve|devem|tem direito|t[êe]m direito|tem que|t[êe]m que|[ée] obrigad[oa]|s[ãa]o obrigad[oa]s|recebe|recebem|perde|perdem|continua|continuam)(?!\p{L})/iu;
const DEFINITION_QUESTION = words(
  'o que [ée]|o que s[ãa]o|o que significa|o que se entende|o que caracteriza|defini[çc][ãa]o|conceito|considera-se',
);
const YES_NO_QUESTION = words(
  'pode|podem|posso|podemos|[ée] permitid[oa]|[ée] proibid[oa]|[ée] obrigat[óo]ri[oa]|[ée] vedad[oa]|precisa|preciso|precisam|tem que|devo|deve|devem|[ée] necess[áa]rio|vale|d[áa] pra|d[áa] para|existe|h[áa]',
);

export function answerTypeOf(question: string): AnswerType {
  const q = question.trim();
  if (DEFINITION_QUESTION.test(q) && !LIST_QUESTION.test(q)) return 'definition';
  if (WHO_QUESTION.test(q) && !RELATIVE_WHO.test(q)) return 'who';
  // "Quais providências… e em quanto tempo?": the whole list carries the deadline too.
  if (LIST_QUESTION.test(q)) return 'list';
  if (DEADLINE_QUESTION.test(q)) return 'deadline';
  if (NUMBER_QUESTION.test(q)) return 'number';
  // "Pode?", "isso é permitido?", "Ele precisa ter PGR próprio?": the first word is not a
  // question word, so the answer is yes or no with its condition.
  if (
    /\?\s*$/.test(q) &&
    YES_NO_QUESTION.test(q) &&
    !/^(?:qual|quais|como|onde|quando|por que)/i.test(q)
  )
    return 'yesno';
  return 'other';
}

const PERIOD =
  /(?<!\p{L})(?:a cada|anual(?:mente)?|semestral(?:mente)?|bienal|trienal|mensal(?:mente)?|periodicidade|validade|prazos?|em até|no prazo|dentro de|antes d[eo]|ap[óo]s|imediatamente|de imediato|por (?:ano|m[êe]s|semana|dia|jornada|turno))(?!\p{L})/iu;
/**
 * A period the norm leaves to someone ("em prazo determinado pelo empregador", "periodicidade
 * definida no PCMSO"): that is the answer to "de quanto em quanto tempo?" too.
 */
const DEFERRED_PERIOD =
  /(?<!\p{L})(?:prazos?|periodicidade|intervalos?|frequ[êe]ncia)\s+(?:\S+\s+){0,2}?(?:determinad|definid|estabelecid|fixad)[oa]s?\s+(?:pel[oa]s?|no|na|em)(?!\p{L})/iu;
/** A deadline counted in days from an event: "até o segundo dia útil após a ocorrência". */
const ORDINAL_DAY =
  /(?<!\p{L})at[ée] o (?:primeiro|segundo|terceiro|quarto|quinto|sexto|s[ée]timo|oitavo|nono|d[ée]cimo|\d+[ºo°]?) dia(?!\p{L})/iu;
/**
 * A frequency with no number ("reuniões ordinárias bimestrais", "b) anualmente", "a cada ano"): it
 * answers "de quanto em quanto tempo?" all the same.
 */
const FREQUENCY =
  /(?<!\p{L})(?:a cada (?:ano|m[êe]s|semestre|bi[êe]nio|tri[êe]nio|semana|dia|turno|jornada)|(?:anual|semestral|bimestral|trimestral|quadrimestral|mensal|quinzenal|semanal)(?:mente)?|anuais|semestrais|bimestrais|trimestrais|quadrimestrais|mensais|quinzenais|semanais|bienal|bienais|trienal|trienais|quinquenal|quinquenais|diariamente)(?!\p{L})/iu;
/** A length of time: "5 (cinco) anos", "20 (vinte) minutos", "24 horas", "dois anos". */
const DURATION =
  /(?:\d+|(?<!\p{L})(?:um|uma|dois|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|doze|quinze|vinte|trinta|quarenta|sessenta|noventa|cento e oitenta))\s*(?:\([^)]{1,40}\)\s*)?(?:minutos?|horas?|dias?|semanas?|meses|m[êe]s|anos?)(?!\p{L})/iu;
/**
 * Who answers for something: a duty given to someone ("Cabe à organização", "é responsabilidade
 * do SESMT"), a party that must ("o empregador deve"), or a task done by someone ("deve ser
 * elaborado por profissional", "realizado pelo médico"). A duty with no one named ("A seleção do
 * EPI deve considerar… sem ônus para o empregado") says what, not who.
 */
const PARTY =
  '(?:organiza[çc](?:[ãa]o|[õo]es)|empregador(?:es)?|empresas?|contratantes?|contratad[oa]s?|trabalhador(?:es|as?)?|empregad[oa]s?|sesmt|cipa|cipatr|comiss[ãa]o|m[ée]dicos?|profissiona(?:l|is)|fabricantes?|importador(?:es)?|respons[áa]ve(?:l|is)|supervisor(?:es)?|vigias?|instrutor(?:es)?|engenheir[oa]s?|t[ée]cnic[oa]s?|operador(?:es)?|coordenador(?:es)?|fornecedor(?:es)?|propriet[áa]ri[oa]s?|empreendedor(?:es)?|[óo]rg[ãa]os?|membros?|designad[oa]s?|encarregad[oa]s?|equipes?|brigadas?|servi[çc]os?|operadora|usu[áa]ri[oa]s?|presidente|secret[áa]ri[oa]|representantes?|chefias?|gestor(?:es)?|ogmo|tomador(?:es)?|armador(?:es)?|comandante|sindicatos?|auditor(?:es|ia)?|autoridades?|mei|me|epp)';
const RESPONSIBLE = new RegExp(
  [
    '(?<!\\p{L})(?:cabe|cabem|compete|competem|incumbe|respons[áa]vel|respons[áa]veis|responsabilidade|designad[oa]s?)(?!\\p{L})',
    `(?<!\\p{L})${PARTY}(?:\\s+\\S+){0,4}?\\s+(?:deve|devem|dever[áã]o?|[ée] obrigad[oa]|s[ãa]o obrigad[oa]s|tem|t[êe]m)(?!\\p{L})`,
    // A task done by someone ("elaborado por profissional legalmente habilitado"), not by a thing
    // ("energia elétrica fornecida por fonte externa").
    `(?<!\\p{L})[a-zà-ú]+(?:d[oa]s?)\\s+(?:por|pel[oa]s?)\\s+(?:(?:o|a|os|as|um|uma)\\s+)?(?:\\S+\\s+)?(?:${PARTY}|pessoas?)(?!\\p{L})`,
    // To whom something is due: "deve ficar disponível aos trabalhadores… e à CIPA".
    '(?<!\\p{L})(?:dispon[íi]ve(?:l|is)|acess[íi]ve(?:l|is)|comunicad[oa]s?|entregues?|fornecid[oa]s?|garantid[oa]s?)\\s+(?:a|ao|aos|à|às|para)\\s',
  ].join('|'),
  'iu',
);
/**
 * An acronym that opens a sentence and must ("O OGMO deve constituir SESSTP"): a party the list
 * above may not know. Inside a phrase ("A seleção do EPI deve…") it is the thing, not the party.
 */
const ACRONYM_DUTY =
  /(?:^|[.;:!?)]\s+)(?:[OA]s?\s+)?\p{Lu}{2,8}(?:\s+\S+){0,3}?\s+(?:deve|devem|dever[áã]o?)(?!\p{L})/u;
const DEFINES =
  /(?<!\p{L})(?:entende-se|considera-se|consideram-se|define-se|denomina-se|é (?:o|a|um|uma|todo|toda|aquel[ea])|s[ãa]o (?:os|as|aquel[ea]s))(?!\p{L})/iu;
const RULE =
  /(?<!\p{L})(?:deve|devem|dever[áã]o?|obrigat[óo]ri[oa]s?|proibid[oa]s?|vedad[oa]s?|permitid[oa]s?|n[ãa]o (?:pode|podem|poder[áã]o?|deve|devem)|nenhum[a]?|somente|apenas|pode|podem|poder[áã]o?|dispensad[oa]s?|exceto|salvo)(?!\p{L})/iu;

/**
 * Whether a statement gives the kind of answer asked for: a number for "qual a altura", a period or
 * deadline for "com que frequência", a rule (must, may, must not) for "pode?", who for "quem".
 */
export function fitsAnswerType(
  type: AnswerType,
  text: string,
  hasNumber: (text: string) => boolean,
): boolean {
  switch (type) {
    case 'number':
      return hasNumber(text);
    case 'deadline':
      // "por quanto tempo guardar?" is answered by a length of time as much as by a period.
      return (
        DURATION.test(text) ||
        FREQUENCY.test(text) ||
        ORDINAL_DAY.test(text) ||
        DEFERRED_PERIOD.test(text) ||
        (PERIOD.test(text) &&
          (hasNumber(text) ||
            /imediat|de imediato/i.test(text) ||
            // "validade limitada a uma jornada de trabalho": a shift is a length of time too.
            /(?<!\p{L})(?:turno|jornada)(?!\p{L})/iu.test(text)))
      );
    case 'list':
      return /:\s*(?:[a-z]{1,2}|[IVXL]{1,6})\)/u.test(text);
    case 'yesno':
      return RULE.test(text);
    case 'who':
      return RESPONSIBLE.test(text) || ACRONYM_DUTY.test(text);
    case 'definition':
      return DEFINES.test(text);
    default:
      return false;
  }
}
