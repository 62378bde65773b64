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

/** What a version changed with respect to the one it replaced, by printed item. */
export const VersionChangesSchema = z.object({
  added: z.array(z.object({ item: z.string() })),
  removed: z.array(z.object({ item: z.string(), content: z.string() })),
  /** Items whose text changed; `before` is the wording they had. */
  reworded: z.array(z.object({ item: z.string(), before: z.string() })),
});
export type VersionChanges = z.infer<typeof VersionChangesSchema>;

/** How many items a version added, removed and reworded. */
export function countChanges(changes: VersionChanges) {
  return {
    added: changes.added.length,
    removed: changes.removed.length,
    reworded: changes.reworded.length,
  };
}

/** One official version of a regulation as imported here, with its provenance. */
export const RegulationVersionSchema = z.object({
  id: z.string(),
  /** The act that last changed the text: "Portaria MTE nº 1.680, de 02 de outubro de 2025". */
  lastAct: z.string().nullable(),
  /** DOU date (ISO) of that act. */
  amendedOn: z.string().nullable(),
  /** "Redação dada pela …": the act that gave the text its wording. */
  wordingAct: z.string().nullable(),
  sourceFile: z.string(),
  /** SHA-256 of the official file imported. */
  sha256: z.string(),
  /** Where the official file is published, when known. */
  sourceUrl: z.string().nullable(),
  importedAt: z.string(),
  /** When a newer version replaced it; null for the version in force. */
  replacedAt: z.string().nullable(),
  /** Items added, removed and reworded; null for the first version imported. */
  changes: VersionChangesSchema.nullable(),
});
export type RegulationVersion = z.infer<typeof RegulationVersionSchema>;

/** The version in force, as the index and the viewer show it: the changes counted, not listed. */
export const CurrentVersionSchema = RegulationVersionSchema.omit({ changes: true }).extend({
  changeCounts: z
    .object({ added: z.number().int(), removed: z.number().int(), reworded: z.number().int() })
    .nullable(),
  /** How many versions of this regulation were imported here, this one included. */
  versionCount: z.number().int(),
});
export type CurrentVersion = z.infer<typeof CurrentVersionSchema>;

export const RegulationSchema = RegulationSummarySchema.extend({
  sourceFile: z.string(),
  version: CurrentVersionSchema.nullable(),
  sections: z.array(SectionSchema),
  /** The regulation's Quadros/Tabelas/Anexos as data; each names the sections that print it. */
  tables: z.array(RegulationTableSchema),
});
export type Regulation = z.infer<typeof RegulationSchema>;

/** An entry of the index of regulations: the summary and the version in force. */
export const RegulationIndexEntrySchema = RegulationSummarySchema.extend({
  version: CurrentVersionSchema.nullable(),
});
export type RegulationIndexEntry = z.infer<typeof RegulationIndexEntrySchema>;

export const RegulationListResponseSchema = z.object({ data: z.array(RegulationIndexEntrySchema) });
export type RegulationListResponse = z.infer<typeof RegulationListResponseSchema>;

/** GET /regulations/{id}/versions: newest first. */
export const RegulationVersionsResponseSchema = z.object({
  data: z.array(RegulationVersionSchema),
});
export type RegulationVersionsResponse = z.infer<typeof RegulationVersionsResponseSchema>;

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
