import { z } from 'zod';

export const SectionSchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  item: z.string(),
  headingPath: z.string(),
  content: z.string(),
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
});
export type Regulation = z.infer<typeof RegulationSchema>;

export const RegulationListResponseSchema = z.object({ data: z.array(RegulationSummarySchema) });
