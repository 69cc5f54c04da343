import { z } from 'zod';
import { LEAD_TRIGGERS, SITE_TYPES } from '../../db/schema.js';
import { normalizeOrigin } from '../../lib/urls.js';
import { LOCALES } from '../assistant/locales.js';
import type { ProviderKind } from '../assistant/providers.js';

/**
 * What may be set on an agent: the one validation of agent settings. The dashboard's JSON API
 * and its form (turned into the JSON shape first), the operator's `agent:create` and the demo
 * seed all go through these schemas.
 */

export const PROVIDERS = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const satisfies readonly ProviderKind[];
export const HANDOFF_TYPES = ['url', 'email', 'lead_form'] as const;
const LOCALE_TAGS = new Set(LOCALES.map((locale) => locale.tag));

export const agentName = z.string().trim().min(1).max(200);
export const siteType = z.enum(SITE_TYPES, { error: `must be one of ${SITE_TYPES.join(', ')}` });
const allowedOrigin = z.string().transform((value, ctx) => {
  const normalized = normalizeOrigin(value);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin such as https://shop.example (scheme, host, optional port; no path)' });
    return z.NEVER;
  }
  return normalized;
});
export const allowedOrigins = z.array(allowedOrigin).max(50, 'at most 50 origins');
export const defaultLocale = z.string().refine((tag) => LOCALE_TAGS.has(tag), 'must be one of the supported languages');

/** '' from a cleared field means "no value". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable());
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' && /^\d+$/.test(blank.trim()) ? Number(blank) : blank;
    },
    z.int({ error: 'must be a whole number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).nullable(),
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

/**
 * The agent's picture on the widget: an https URL only, since the widget shows it on the shop's
 * pages (an http image would be mixed content; data:, javascript: and other schemes are refused),
 * without credentials in it, stored as the URL parser writes it. '' or null means none (the
 * name's initial).
 */
export const avatarUrl = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .transform((value, ctx) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      if (!url || url.protocol !== 'https:' || !url.hostname || url.username || url.password || /\s/.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'must be an https:// URL of an image, such as https://example.com/avatar.png' });
        return z.NEVER;
      }
      return url.href;
    })
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

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 09:00');

/** When the team answers, in a time zone this runtime knows. */
const officeHours = z
  .object({
    time_zone: z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be a time zone such as Europe/Berlin'),
    days: z.array(z.int().min(0).max(6)).min(1, 'name at least one day').max(7),
    from: clockTime,
    to: clockTime,
  })
  .refine((hours) => hours.from < hours.to, { path: ['to'], message: 'must be after the start' });

const handoff = z
  .object({
    type: z.preprocess(blankToNull, z.enum(HANDOFF_TYPES).nullable()).optional(),
    value: optionalText(500).optional(),
    label: optionalText(60).optional(),
    // Live handoff to the team (conversations/handoff.ts); absent fields keep their stored value.
    live: z.boolean().optional(),
    offer_person: z.boolean().optional(),
    idle_minutes: wholeNumber(1, 24 * 60).optional(),
    office_hours: officeHours.nullable().optional(),
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
  name: agentName,
  site_type: siteType,
  allowed_origins: allowedOrigins,
  default_locale: defaultLocale,
  greeting: optionalText(500),
  theme: z.object({
    color: z
      .preprocess(
        blankToNull,
        z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #1f6feb')
          .nullable(),
      )
      .optional(),
    position: z.enum(['left', 'right']).optional(),
    avatar_url: avatarUrl.optional(),
  }),
  suggestions: z.array(z.string().trim().min(1).max(120, 'each question at most 120 characters')).max(4, 'at most 4 questions'),
  lead_capture: z.object({
    enabled: z.boolean(),
    trigger: z.preprocess(blankToNull, z.enum(LEAD_TRIGGERS, { error: `must be one of ${LEAD_TRIGGERS.join(', ')}` }).nullable()).optional(),
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
