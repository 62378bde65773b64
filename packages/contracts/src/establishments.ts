import { z } from 'zod';
import { RegulationTableSchema } from './tables';

/** The 27 federative units. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/** Employees counted in one establishment; above this the number is surely a typo. */
export const MAX_EMPLOYEES = 1_000_000;
export const ESTABLISHMENT_NAME_MAX = 120;

export const CNAE_FORMAT_MESSAGE =
  'Informe o CNAE da subclasse com 7 dígitos, no formato 4120-4/00 (ou só os dígitos).';
export const CNPJ_INVALID_MESSAGE = 'CNPJ inválido: confira os 14 dígitos.';
export const EMPLOYEES_MESSAGE = 'Informe o número de empregados como um número inteiro positivo.';
export const UF_MESSAGE = 'Escolha uma das 27 unidades da federação (por exemplo, SP).';
export const NAME_MESSAGE = 'Informe o nome do estabelecimento.';

/** "4120-4/00", "41.20-4-00", "4120400" → "4120400"; null when it is not 7 digits. */
export function normalizeCnae(input: string): string | null {
  const digits = input.replace(/[\s./-]/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
}

/** "4120400" → "4120-4/00", the way the CNPJ card prints a subclass. */
export function formatCnae(digits: string): string {
  return `${digits.slice(0, 4)}-${digits.slice(4, 5)}/${digits.slice(5, 7)}`;
}

/** "4120400" → "41.20-4", the class as NR-04 Anexo I prints it. */
export function cnaeClassOf(digits: string): string {
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}-${digits.slice(4, 5)}`;
}

/** Whether a CNPJ (digits, with or without punctuation) has valid check digits. */
export function isValidCnpj(input: string): boolean {
  const digits = input.replace(/[\s./-]/g, '');
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number) => {
    const weights =
      length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

/** "11222333000181" → "11.222.333/0001-81". */
export function formatCnpj(digits: string): string {
  return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

export const EstablishmentBodySchema = z.object({
  name: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(1, { error: NAME_MESSAGE })
    .max(ESTABLISHMENT_NAME_MAX, {
      error: `O nome pode ter no máximo ${ESTABLISHMENT_NAME_MAX} caracteres.`,
    }),
  cnpj: z
    .string({ error: CNPJ_INVALID_MESSAGE })
    .trim()
    .refine((v) => v === '' || isValidCnpj(v), { error: CNPJ_INVALID_MESSAGE })
    .transform((v) => (v === '' ? null : v.replace(/[\s./-]/g, '')))
    .nullish()
    .transform((v) => v ?? null),
  cnae: z
    .string({ error: CNAE_FORMAT_MESSAGE })
    .trim()
    .refine((v) => normalizeCnae(v) !== null, { error: CNAE_FORMAT_MESSAGE })
    .transform((v) => normalizeCnae(v)!),
  employees: z
    .number({ error: EMPLOYEES_MESSAGE })
    .int({ error: EMPLOYEES_MESSAGE })
    .positive({ error: EMPLOYEES_MESSAGE })
    .max(MAX_EMPLOYEES, {
      error: `Informe no máximo ${MAX_EMPLOYEES.toLocaleString('pt-BR')} empregados.`,
    }),
  uf: z
    .string({ error: UF_MESSAGE })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v): v is Uf => (UFS as readonly string[]).includes(v), { error: UF_MESSAGE }),
  /** Make this the active profile (the one answers use). The first profile is always active. */
  active: z.boolean({ error: 'active deve ser verdadeiro ou falso.' }).optional(),
});
export type EstablishmentBody = z.input<typeof EstablishmentBodySchema>;
export type EstablishmentInput = z.output<typeof EstablishmentBodySchema>;

export const EstablishmentParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador de perfil inválido.' }),
});

/** Where a number comes from: the table and the items that rule it, with a link target. */
export const SizingSourceSchema = z.object({
  regulationId: z.string(),
  code: z.string(),
  /** The item as printed, the viewer's anchor: "Anexo II", "Quadro I". */
  item: z.string(),
  /** "NR-04, Anexo II – Dimensionamento do SESMT". */
  label: z.string(),
  /** The row and column read: "Grau de risco 3; 501 a 1.000". */
  cell: z.string(),
  /** Items applied around the table ("4.4.2", "5.4.13"). */
  rules: z.array(z.string()),
});
export type SizingSource = z.infer<typeof SizingSourceSchema>;

export const SESMT_ROLES = [
  'tecnico_seguranca',
  'engenheiro_seguranca',
  'auxiliar_tecnico_enfermagem',
  'enfermeiro',
  'medico',
] as const;
export type SesmtRole = (typeof SESMT_ROLES)[number];

export const SESMT_ROLE_LABELS: Record<SesmtRole, string> = {
  tecnico_seguranca: 'Técnico de segurança do trabalho',
  engenheiro_seguranca: 'Engenheiro de segurança do trabalho',
  auxiliar_tecnico_enfermagem: 'Auxiliar/técnico de enfermagem do trabalho',
  enfermeiro: 'Enfermeiro do trabalho',
  medico: 'Médico do trabalho',
};

export const SesmtProfessionalSchema = z.object({
  role: z.enum(SESMT_ROLES),
  count: z.number().int().nonnegative(),
  /** Tempo parcial (Anexo II, nota *). */
  partTime: z.boolean(),
  /** The cell as printed ("1*", "1***"). */
  printed: z.string(),
  source: SizingSourceSchema,
});
export type SesmtProfessional = z.infer<typeof SesmtProfessionalSchema>;

export const SizingSchema = z.object({
  cipa: z.object({
    /** Null when the table asks for no CIPA (a designated person instead). */
    efetivos: z.number().int().nullable(),
    suplentes: z.number().int().nullable(),
    /** NR-05 5.4.13: below the table, a designated representative instead of a CIPA. */
    designated: z.boolean(),
    source: SizingSourceSchema,
    /** Rules that depend on facts the profile lacks, and what to check. */
    notes: z.array(z.string()),
  }),
  sesmt: z.object({
    required: z.boolean(),
    professionals: z.array(SesmtProfessionalSchema),
    source: SizingSourceSchema,
    notes: z.array(z.string()),
  }),
});
export type Sizing = z.infer<typeof SizingSchema>;

export const RiskDegreeSchema = z.object({
  /** 1 to 4. */
  degree: z.number().int().min(1).max(4),
  /** The CNAE class as NR-04 Anexo I prints it ("41.20-4"). */
  cnaeClass: z.string(),
  /** The class's denomination in Anexo I. */
  description: z.string(),
  source: SizingSourceSchema,
});
export type RiskDegree = z.infer<typeof RiskDegreeSchema>;

export const EstablishmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  cnpj: z.string().nullable(),
  /** Subclass digits ("4120400"); `cnaeFormatted` is "4120-4/00". */
  cnae: z.string(),
  cnaeFormatted: z.string(),
  employees: z.number().int(),
  uf: z.string(),
  active: z.boolean(),
  riskDegree: RiskDegreeSchema,
  sizing: SizingSchema,
  /** The tables the numbers were read from, to show them as printed. */
  tables: z.array(RegulationTableSchema.extend({ code: z.string(), regulationId: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Establishment = z.infer<typeof EstablishmentSchema>;

export const EstablishmentListSchema = z.object({ data: z.array(EstablishmentSchema) });

export const CheckProfileSchema = z.object({
  /** The user has at least one profile. */
  hasProfile: z.boolean(),
  /** The active profile has everything sizing needs (CNAE known to NR-04 Anexo I, employees, UF). */
  complete: z.boolean(),
  activeProfileId: z.string().nullable(),
});
export type CheckProfile = z.infer<typeof CheckProfileSchema>;

export const CnaeSearchQuerySchema = z.object({
  search: z
    .string({ error: 'Digite um código ou palavras da atividade.' })
    .trim()
    .min(2, { error: 'Digite ao menos 2 caracteres.' })
    .max(100, { error: 'Digite no máximo 100 caracteres.' }),
});

/** A CNAE class of NR-04 Anexo I with its grau de risco. */
export const CnaeClassSchema = z.object({
  /** "41.20-4". */
  code: z.string(),
  /** "41204": the class digits; a subclass adds two more. */
  digits: z.string(),
  description: z.string(),
  degree: z.number().int(),
});
export type CnaeClass = z.infer<typeof CnaeClassSchema>;
export const CnaeSearchResponseSchema = z.object({ data: z.array(CnaeClassSchema) });

/** DELETE /delivery/{id} answers 204 with no body. */
export const NoContentSchema = z.unknown();
