import { z } from 'zod';
import { diagnosticsSchema, sourceRefSchema } from '../../contract/stream-events.js';
import { SITE_TYPES } from '../../db/schema.js';

/**
 * The regression suite's wire shapes: its routes' declarations, and the types the
 * Playground's script imports (as types only).
 */

export const testInput = z.object({
  question: z.string().trim().min(1).max(4000),
  /** Addresses the answer must cite (a product page, a page, an owner's answer's /answers/ address). */
  expected_sources: z
    .array(z.url({ protocol: /^https?$/ }).max(2000))
    .max(10)
    .default([]),
  /**
   * What the answer must say: one or more phrases separated by `|`, any of which found in the
   * answer (case, accents and spacing aside) passes. Matched as text, never as an expression.
   */
  fact_pattern: z.string().trim().max(500).nullable().default(null),
  page_context: z.record(z.string(), z.unknown()).nullable().default(null),
  site_type: z.enum(SITE_TYPES).nullable().default(null),
  language: z.string().trim().min(2).max(35).nullable().default(null),
});
export type TestInput = z.infer<typeof testInput>;

export const testWire = z.object({
  id: z.string(),
  agent_id: z.string(),
  question: z.string(),
  expected_sources: z.array(z.string()),
  fact_pattern: z.string().nullable(),
  page_context: z.record(z.string(), z.unknown()).nullable(),
  site_type: z.string().nullable(),
  language: z.string().nullable(),
  created_at: z.string(),
});

export const testResultSchema = z.object({
  test_id: z.string(),
  question: z.string(),
  passed: z.boolean(),
  /** Why it failed, in words; empty when it passed. */
  failures: z.array(z.string()),
  answer: z.string(),
  sources: z.array(sourceRefSchema),
  /** The turn's diagnostics, as the Playground shows them. */
  diagnostics: diagnosticsSchema.nullable(),
});
export type TestResult = z.infer<typeof testResultSchema>;

const diffEntry = z.object({ test_id: z.string(), question: z.string() });
export const runDiffSchema = z.object({
  /** The run compared with; null for an agent's first run. */
  previous_run_id: z.string().nullable(),
  newly_failing: z.array(diffEntry),
  newly_passing: z.array(diffEntry),
  changed_answer: z.array(diffEntry),
  added: z.array(diffEntry),
});
export type RunDiff = z.infer<typeof runDiffSchema>;

export const runSummarySchema = z.object({
  id: z.string(),
  agent_id: z.string(),
  trigger: z.enum(['manual', 'cli', 'sync', 'agent_edit', 'answers']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number(),
  passed: z.number(),
  failed: z.number(),
  diff: runDiffSchema,
});
export const runWire = runSummarySchema.extend({ results: z.array(testResultSchema) });
export type RunWire = z.infer<typeof runWire>;
