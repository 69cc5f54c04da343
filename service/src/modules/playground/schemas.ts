import { z } from 'zod';
import { SITE_TYPES } from '../../db/schema.js';
import { matchLocale } from '../assistant/locales.js';
import { MAX_MESSAGE_CHARS } from '../assistant/runtime.js';

/** Request bodies of the Playground (contract section 9). */

export const streamBody = z.object({
  message: z.string().trim().min(1, 'must not be empty').max(MAX_MESSAGE_CHARS, `must be at most ${MAX_MESSAGE_CHARS} characters`),
  conversation_id: z.uuid('must be a conversation id').optional(),
  site_type_override: z.enum(SITE_TYPES, `must be one of ${SITE_TYPES.join(', ')}`).nullish(),
  // An unsupported tag would silently fall back to another language: refuse it instead.
  language_override: z
    .string()
    .max(35)
    .refine((tag) => matchLocale(tag) !== undefined, 'must be one of the supported locales')
    .nullish(),
  // Sanitized by the runtime exactly as in production; here it only has to be an object.
  page_context: z.record(z.string(), z.unknown()).nullish(),
});

/** The page-context tab asks what the runtime would see of its form before any turn. */
export const pageContextPreviewBody = z.object({
  page_context: z.record(z.string(), z.unknown()).nullish(),
});

/** Page context as the runtime keeps it after sanitizing (assistant/page-context.ts). */
export const sanitizedPageContext = z.object({
  url: z.string(),
  canonical_url: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  og: z.partialRecord(z.enum(['title', 'description', 'image', 'type', 'site_name', 'url']), z.string()).optional(),
  json_ld: z.array(z.record(z.string(), z.unknown())).optional(),
  headings: z.array(z.string()).optional(),
  body_text: z.string().optional(),
});

export const pageContextPreviewResponse = z.object({ page_context: sanitizedPageContext.nullable() });

export const resetBody = z.object({
  conversation_id: z.uuid('must be a conversation id'),
});

export const resetResponse = z.object({ cleared: z.number().int() });

/** The conversations a page load resumes; an id that is not a valid one is ignored. */
export const pageQuery = z.object({
  conversation: z.uuid().optional().catch(undefined),
  compare: z.uuid().optional().catch(undefined),
});
