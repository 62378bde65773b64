import { z } from 'zod';
import { RegulationTableSchema } from './tables';

/** One numbered item of a regulation (with its lettered sub-items), numbered from 1 in document order. */
export const SectionSchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  /** The item as printed: "35.2.1", or "Anexo II 1.3" inside an annex. */
  item: z.string(),
  /** Headings above the item: "35.3 Responsabilidades", "Anexo I - Acesso por Cordas > 2 Campo de Aplicação". */
  headingPath: z.string(),
  content: z.string(),
  /** ISO date from which this wording is in force, when the text states one ("entra em vigor a partir de …"). */
  effectiveFrom: z.string().nullable(),
});
export type Section = z.infer<typeof SectionSchema>;

export const RegulationSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  authority: z.string(),
  issuedDate: z.string().nullable(),
  revisedDate: z.string().nullable(),
  status: z.string(),
  description: z.string(),
  sectionCount: z.number().int(),
});
export type RegulationSummary = z.infer<typeof RegulationSummarySchema>;

export const RegulationSchema = RegulationSummarySchema.extend({
  sourceFile: z.string(),
  sections: z.array(SectionSchema),
  /** The regulation's Quadros/Tabelas/Anexos as data; each names the sections that print it. */
  tables: z.array(RegulationTableSchema),
});
export type Regulation = z.infer<typeof RegulationSchema>;

export const RegulationListResponseSchema = z.object({ data: z.array(RegulationSummarySchema) });
export type RegulationListResponse = z.infer<typeof RegulationListResponseSchema>;

/** A section on its own, with the regulation it belongs to. */
export const RegulationSectionSchema = SectionSchema.extend({
  regulationId: z.string(),
  code: z.string(),
});
export type RegulationSection = z.infer<typeof RegulationSectionSchema>;

export const RegulationParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador de norma inválido.' }),
});

export const RegulationSectionParamsSchema = RegulationParamsSchema.extend({
  n: z.coerce
    .number({ error: 'Número de seção inválido.' })
    .int({ error: 'Número de seção inválido.' })
    .positive({ error: 'Número de seção inválido.' })
    .max(1_000_000, { error: 'Número de seção inválido.' }),
});
