import { z } from 'zod';
import { SITE_TYPES } from '../../../db/schema.js';
import { commandSchemas } from '../../admin/commands.js';
import { LOCALES } from '../../assistant/locales.js';
import type { ProviderKind } from '../../assistant/providers.js';
import { checkbox, field, fieldList, type FormFields } from '../form-body.js';

/**
 * What the dashboard may set on an agent, as JSON (the API) and as a form (the pages). Both go
 * through the same schema: the form is first turned into the JSON shape.
 */

export const PROVIDERS = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const satisfies readonly ProviderKind[];
export const HANDOFF_TYPES = ['url', 'email', 'lead_form'] as const;
const LOCALE_TAGS = new Set(LOCALES.map((locale) => locale.tag));

const agentCreateArgs = commandSchemas['agent:create'].shape;
/** '' from a cleared field means "no value". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable());
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' && /^\d+$/.test(blank.trim()) ? Number(blank) : blank;
    },
    z
      .int({ error: 'must be a whole number' })
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .nullable(),
  );

/** US dollars with at most 4 decimals, such as 2.50; '' means no value. */
export const dollarAmount = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' && /^\s*\d+(\.\d{1,4})?\s*$/.test(blank) ? Number(blank) : blank;
  },
  z
    .number({ error: 'must be an amount in US dollars, such as 2.50' })
    .min(0.0001, 'must be more than 0')
    .max(1_000_000_000, 'must be at most 1,000,000,000')
    .nullable(),
);

/** A daily token cap: '' or null means no cap. */
export const dailyTokenCap = wholeNumber(1_000, 1_000_000_000_000);

const coupon = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be 1 to 64 letters, digits, - or _'),
  description: z.string().trim().min(1, 'describe what the coupon gives').max(300),
});

const handoff = z
  .object({
    type: z.preprocess(blankToNull, z.enum(HANDOFF_TYPES).nullable()).optional(),
    value: optionalText(500).optional(),
    label: optionalText(60).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'url' && !(value.value && /^https?:\/\/[^\s]+$/i.test(value.value) && URL.canParse(value.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be an http(s) URL for a link handoff' });
    }
    if (value.type === 'email' && !(value.value && z.email().safeParse(value.value).success)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be an email address for an email handoff' });
    }
  });

/** Every field, none required: a PATCH sends only what changes. */
const fields = {
  name: agentCreateArgs.name,
  site_type: z.enum(SITE_TYPES, { error: `must be one of ${SITE_TYPES.join(', ')}` }),
  allowed_origins: z.array(agentCreateArgs.origin.unwrap().element).max(50, 'at most 50 origins'),
  default_locale: z.string().refine((tag) => LOCALE_TAGS.has(tag), 'must be one of the supported languages'),
  greeting: optionalText(500),
  theme: z.object({
    color: z.preprocess(blankToNull, z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #1f6feb').nullable()).optional(),
    position: z.enum(['left', 'right']).optional(),
  }),
  lead_capture: z.object({
    enabled: z.boolean(),
    ask_after_turns: wholeNumber(1, 50).optional(),
    consent_text: optionalText(1000).optional(),
  }),
  coupons: z
    .array(coupon)
    .max(20, 'at most 20 coupons')
    .refine((list) => new Set(list.map((c) => c.code.toLowerCase())).size === list.length, 'each coupon code may appear once'),
  handoff,
  provider: z.enum(PROVIDERS, { error: `must be one of ${PROVIDERS.join(', ')}` }),
  model: optionalText(100),
  budget_turns: wholeNumber(1, 10_000),
  budget_tokens: wholeNumber(1_000, 10_000_000),
  daily_token_cap: dailyTokenCap,
  daily_cost_cap_usd: dollarAmount,
  published: z.boolean(),
};

export const agentPatch = z.strictObject(fields).partial();
export const agentCreate = agentPatch.required({ name: true, site_type: true });
export type AgentPatch = z.infer<typeof agentPatch>;
export type AgentCreate = z.infer<typeof agentCreate>;

/** The agent form as typed: strings, so that a rejected form comes back exactly as it was sent. */
export interface AgentDraft {
  name: string;
  site_type: string;
  allowed_origins: string;
  default_locale: string;
  greeting: string;
  theme_color: string;
  theme_position: string;
  lead_enabled: boolean;
  lead_ask_after_turns: string;
  lead_consent_text: string;
  coupons: { code: string; description: string }[];
  handoff_type: string;
  handoff_value: string;
  handoff_label: string;
  provider: string;
  model: string;
  budget_turns: string;
  budget_tokens: string;
  daily_token_cap: string;
  daily_cost_cap_usd: string;
  published: boolean;
}

export const EMPTY_DRAFT: AgentDraft = {
  name: '',
  site_type: 'ecommerce',
  allowed_origins: '',
  default_locale: 'en',
  greeting: '',
  theme_color: '#1f6feb',
  theme_position: 'right',
  lead_enabled: false,
  lead_ask_after_turns: '',
  lead_consent_text: '',
  coupons: [],
  handoff_type: '',
  handoff_value: '',
  handoff_label: '',
  provider: 'offline',
  model: '',
  budget_turns: '',
  budget_tokens: '',
  daily_token_cap: '',
  daily_cost_cap_usd: '',
  published: false,
};

export function draftFromForm(form: FormFields): AgentDraft {
  const codes = fieldList(form, 'coupon_code');
  const descriptions = fieldList(form, 'coupon_description');
  return {
    name: field(form, 'name'),
    site_type: field(form, 'site_type'),
    allowed_origins: field(form, 'allowed_origins'),
    default_locale: field(form, 'default_locale'),
    greeting: field(form, 'greeting'),
    theme_color: field(form, 'theme_color'),
    theme_position: field(form, 'theme_position'),
    lead_enabled: checkbox(form, 'lead_enabled'),
    lead_ask_after_turns: field(form, 'lead_ask_after_turns'),
    lead_consent_text: field(form, 'lead_consent_text'),
    coupons: codes
      .map((code, index) => ({ code, description: descriptions[index] ?? '' }))
      .filter((row) => row.code.trim() !== '' || row.description.trim() !== ''),
    handoff_type: field(form, 'handoff_type'),
    handoff_value: field(form, 'handoff_value'),
    handoff_label: field(form, 'handoff_label'),
    provider: field(form, 'provider'),
    model: field(form, 'model'),
    budget_turns: field(form, 'budget_turns'),
    budget_tokens: field(form, 'budget_tokens'),
    daily_token_cap: field(form, 'daily_token_cap'),
    daily_cost_cap_usd: field(form, 'daily_cost_cap_usd'),
    published: checkbox(form, 'published'),
  };
}

/** The JSON shape of a complete form, for agentCreate / agentPatch. */
export function inputFromDraft(draft: AgentDraft): Record<string, unknown> {
  return {
    name: draft.name,
    site_type: draft.site_type,
    allowed_origins: draft.allowed_origins.split(/[\s,]+/).filter((origin) => origin !== ''),
    default_locale: draft.default_locale,
    greeting: draft.greeting,
    theme: { color: draft.theme_color, position: draft.theme_position },
    lead_capture: { enabled: draft.lead_enabled, ask_after_turns: draft.lead_ask_after_turns, consent_text: draft.lead_consent_text },
    coupons: draft.coupons,
    handoff: { type: draft.handoff_type, value: draft.handoff_value, label: draft.handoff_label },
    provider: draft.provider,
    model: draft.model,
    budget_turns: draft.budget_turns,
    budget_tokens: draft.budget_tokens,
    daily_token_cap: draft.daily_token_cap,
    daily_cost_cap_usd: draft.daily_cost_cap_usd,
    published: draft.published,
  };
}
