import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export const ReadyResponseSchema = z.object({
  /** `stopping` from the moment the process is asked to stop: load balancers take it out at once. */
  status: z.enum(['ready', 'not_ready', 'stopping']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending']),
});
