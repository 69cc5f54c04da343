import type { AgentRow } from '../../agents/store.js';
import { checkbox, field, fieldList, type FormFields } from '../form-body.js';

/**
 * The agent form of the dashboard's pages. It keeps what was typed as strings, so that a rejected
 * form comes back exactly as it was sent; `inputFromDraft` turns it into the JSON shape that the
 * agents' one validation (`agents/settings.ts`) checks.
 */

/** The agent form as typed. */
export interface AgentDraft {
  name: string;
  site_type: string;
  allowed_origins: string;
  default_locale: string;
  greeting: string;
  /** One suggested question per line. */
  suggestions: string;
  theme_color: string;
  theme_position: string;
  theme_avatar_url: string;
  lead_enabled: boolean;
  lead_trigger: string;
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
  suggestions: '',
  theme_color: '#1f6feb',
  theme_position: 'right',
  theme_avatar_url: '',
  lead_enabled: false,
  lead_trigger: 'never',
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
    suggestions: field(form, 'suggestions'),
    theme_color: field(form, 'theme_color'),
    theme_position: field(form, 'theme_position'),
    theme_avatar_url: field(form, 'theme_avatar_url'),
    lead_enabled: checkbox(form, 'lead_enabled'),
    lead_trigger: field(form, 'lead_trigger'),
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
    suggestions: draft.suggestions
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    theme: { color: draft.theme_color, position: draft.theme_position, avatar_url: draft.theme_avatar_url },
    lead_capture: {
      enabled: draft.lead_enabled,
      trigger: draft.lead_trigger,
      ask_after_turns: draft.lead_ask_after_turns,
      consent_text: draft.lead_consent_text,
    },
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

export function draftFromAgent(row: AgentRow): AgentDraft {
  return {
    name: row.name,
    site_type: row.siteType,
    allowed_origins: row.allowedOrigins.join('\n'),
    default_locale: row.defaultLocale,
    greeting: row.greeting ?? '',
    suggestions: row.suggestions.join('\n'),
    theme_color: row.theme.color ?? '#1f6feb',
    theme_position: row.theme.position ?? 'right',
    theme_avatar_url: row.theme.avatar_url ?? '',
    lead_enabled: row.leadCapture.enabled === true,
    // Agents saved before triggers existed asked after their number of replies.
    lead_trigger: row.leadCapture.trigger ?? (row.leadCapture.ask_after_turns ? 'after_turns' : 'never'),
    lead_ask_after_turns: row.leadCapture.ask_after_turns?.toString() ?? '',
    lead_consent_text: row.leadCapture.consent_text ?? '',
    coupons: row.coupons.map((c) => ({ code: c.code, description: c.description })),
    handoff_type: row.handoff.type ?? '',
    handoff_value: row.handoff.value ?? '',
    handoff_label: row.handoff.label ?? '',
    provider: row.provider,
    model: row.model ?? '',
    budget_turns: row.budgetTurns?.toString() ?? '',
    budget_tokens: row.budgetTokens?.toString() ?? '',
    daily_token_cap: row.dailyTokenCap?.toString() ?? '',
    daily_cost_cap_usd: row.dailyCostCapUsd === null ? '' : String(Number(row.dailyCostCapUsd)),
    published: row.published,
  };
}
