import { z } from 'zod';

/** `?q=&limit=&offset=` of the dashboard's lists, pages and JSON alike. */
export const listQuery = z.object({
  q: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(200).optional()),
  agent_id: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export type ListQuery = z.infer<typeof listQuery>;
