import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Typed view of the tables that migrations/*.sql create. The SQL files are the source of truth
 * for the database (they run identically on PGlite and PostgreSQL); this file lets queries be
 * checked by the compiler. A test compares the two.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SITE_TYPES = ['ecommerce', 'saas', 'documentation', 'help_center', 'marketing', 'internal_kb', 'generic'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** US dollars, as PostgreSQL numeric reads them (a string) turned into a number. */
const usd = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'number' });

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** Model tokens a UTC day for all agents together; NULL: no cap (see cost-governor.ts). */
  dailyTokenCap: bigint('daily_token_cap', { mode: 'number' }),
  dailyCostCapUsd: usd('daily_cost_cap_usd', 14, 4),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  name: text('name'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role').$type<Role>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  displayPrefix: text('display_prefix').notNull(),
  abilities: text('abilities')
    .array()
    .notNull()
    .default(sql`'{}'`),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastUsedAt: timestamptz('last_used_at'),
  expiresAt: timestamptz('expires_at'),
  revokedAt: timestamptz('revoked_at'),
});

export const sites = pgTable('sites', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  siteUrl: text('site_url').notNull(),
  tokenId: uuid('token_id'),
  pluginVersion: text('plugin_version').notNull(),
  platformVersion: text('platform_version'),
  shopActive: boolean('shop_active').notNull().default(false),
  shopVersion: text('shop_version'),
  shopperSigningSecret: text('shopper_signing_secret').notNull(),
  previousSigningSecret: text('previous_signing_secret'),
  previousSecretValidUntil: timestamptz('previous_secret_valid_until'),
  lastHandshakeAt: timestamptz('last_handshake_at').notNull().defaultNow(),
  lastSyncAt: timestamptz('last_sync_at'),
  lastSyncErrors: jsonb('last_sync_errors').$type<SyncErrorRecord[]>().notNull().default([]),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export interface SyncErrorRecord {
  at: string;
  kind: 'post' | 'product';
  message: string;
  errors: Record<string, string[]>;
}

export interface AgentTheme {
  color?: string;
  position?: 'left' | 'right';
  /** The agent's picture on the widget: an https URL the owner set (agents/settings.ts). */
  avatar_url?: string;
}
/** When the widget offers the lead form besides the visitor asking for a person. */
export const LEAD_TRIGGERS = ['never', 'handoff', 'after_turns', 'exit_intent'] as const;
export type LeadTrigger = (typeof LEAD_TRIGGERS)[number];

export interface AgentLeadCapture {
  enabled?: boolean;
  trigger?: LeadTrigger;
  ask_after_turns?: number;
  consent_text?: string;
}
export interface AgentCoupon {
  code: string;
  description: string;
}
export interface AgentHandoff {
  type?: 'url' | 'email' | 'lead_form';
  value?: string;
  label?: string;
  /** False: nobody of the team takes conversations over live; a request goes where `type` says. */
  live?: boolean;
  /** Offer "Talk to a person" up front in the widget, not only when the assistant cannot answer. */
  offer_person?: boolean;
  /** Minutes without a word from the team after which the assistant takes the conversation back. */
  idle_minutes?: number;
  /** When the team answers; outside these hours a visitor asking for a person gets the lead form. */
  office_hours?: OfficeHours;
}

export interface OfficeHours {
  /** An IANA time zone, e.g. Europe/Berlin. */
  time_zone: string;
  /** Days the team works, 0 Sunday to 6 Saturday. */
  days: number[];
  /** Local times, HH:MM, `from` before `to`. */
  from: string;
  to: string;
}

export const agents = pgTable('agents', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  siteType: text('site_type').$type<SiteType>().notNull(),
  allowedOrigins: text('allowed_origins')
    .array()
    .notNull()
    .default(sql`'{}'`),
  defaultLocale: text('default_locale').notNull().default('en'),
  greeting: text('greeting'),
  theme: jsonb('theme').$type<AgentTheme>().notNull().default({}),
  leadCapture: jsonb('lead_capture').$type<AgentLeadCapture>().notNull().default({}),
  coupons: jsonb('coupons').$type<AgentCoupon[]>().notNull().default([]),
  handoff: jsonb('handoff').$type<AgentHandoff>().notNull().default({}),
  /** The widget home screen's suggested questions (0008); empty: the site type's samples. */
  suggestions: text('suggestions')
    .array()
    .notNull()
    .default(sql`'{}'`),
  provider: text('provider').notNull().default('offline'),
  model: text('model'),
  budgetTurns: integer('budget_turns'),
  budgetTokens: integer('budget_tokens'),
  /** Model tokens a UTC day for this agent; NULL: no cap (see cost-governor.ts). */
  dailyTokenCap: bigint('daily_token_cap', { mode: 'number' }),
  dailyCostCapUsd: usd('daily_cost_cap_usd', 14, 4),
  published: boolean('published').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Synced from a site (post, product), or written by the owner (snippet: knowledge_snippets). */
export type DocumentKind = 'post' | 'product' | 'snippet';

export const documents = pgTable('documents', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  /** Null for an owner's answer (kind 'snippet'), which belongs to its snippet instead. */
  siteId: uuid('site_id'),
  snippetId: uuid('snippet_id'),
  kind: text('kind').$type<DocumentKind>().notNull(),
  wpId: bigint('wp_id', { mode: 'number' }).notNull(),
  postType: text('post_type').notNull(),
  title: text('title').notNull(),
  permalink: text('permalink').notNull(),
  language: text('language'),
  contentHash: text('content_hash').notNull(),
  modifiedAt: timestamptz('modified_at'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const chunks = pgTable('chunks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  documentId: uuid('document_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  ordinal: integer('ordinal').notNull(),
  heading: text('heading'),
  content: text('content').notNull(),
  textSearchConfig: text('text_search_config').notNull(),
  tsv: tsvector('tsv').notNull(),
});

export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  agentId: uuid('agent_id').notNull(),
  visitorId: uuid('visitor_id').notNull(),
  isPlayground: boolean('is_playground').notNull().default(false),
  locale: text('locale'),
  shopper: jsonb('shopper').$type<ShopperBinding | null>(),
  turnsUsed: integer('turns_used').notNull().default(0),
  tokensUsed: integer('tokens_used').notNull().default(0),
  busyUntil: timestamptz('busy_until'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastMessageAt: timestamptz('last_message_at'),
  /** Who answers (0012; modules/conversations/handoff.ts owns every change). */
  handoffState: text('handoff_state').$type<HandoffState>().notNull().default('bot'),
  assigneeId: uuid('assignee_id'),
  stateChangedAt: timestamptz('state_changed_at'),
  handoffRequestedAt: timestamptz('handoff_requested_at'),
  firstHumanReplyAt: timestamptz('first_human_reply_at'),
  resolvedAt: timestamptz('resolved_at'),
  resolvedBy: text('resolved_by').$type<'bot' | 'human'>(),
  /** The team was emailed about the current request waiting (conversations/waiting-alerts.ts). */
  waitingAlertedAt: timestamptz('waiting_alerted_at'),
});

/** Who answers a conversation: the assistant, nobody yet (a person was asked for), a person, or nobody (resolved). */
export const HANDOFF_STATES = ['bot', 'waiting_for_human', 'human', 'resolved'] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

export const CONVERSATION_EVENT_KINDS = ['transition', 'assigned', 'unassigned', 'unavailable', 'note'] as const;
export type ConversationEventKind = (typeof CONVERSATION_EVENT_KINDS)[number];

/** The handoff history of a conversation (0012), notes included. */
export const conversationEvents = pgTable('conversation_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  conversationId: uuid('conversation_id').notNull(),
  kind: text('kind').$type<ConversationEventKind>().notNull(),
  fromState: text('from_state').$type<HandoffState>(),
  toState: text('to_state').$type<HandoffState>(),
  trigger: text('trigger'),
  actorId: uuid('actor_id'),
  assigneeId: uuid('assignee_id'),
  body: text('body'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export interface ShopperBinding {
  site_id: string;
  /** When the shopper token that made the binding expires (ISO-8601); the binding ends with it. */
  expires_at?: string;
  user_id?: number;
  session_key?: string;
  email?: string;
}

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  conversationId: uuid('conversation_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  /** 'team': written by a member of the store's team (0012), `authorId` names them. */
  role: text('role').$type<'user' | 'assistant' | 'team'>().notNull(),
  authorId: uuid('author_id'),
  content: text('content').notNull(),
  blocks: jsonb('blocks').$type<unknown[]>().notNull().default([]),
  sources: jsonb('sources').$type<unknown[]>().notNull().default([]),
  toolCalls: jsonb('tool_calls').$type<unknown[]>().notNull().default([]),
  usage: jsonb('usage').$type<Record<string, unknown> | null>(),
  diagnostics: jsonb('diagnostics').$type<Record<string, unknown> | null>(),
  status: text('status').$type<'complete' | 'partial' | 'error'>().notNull().default('complete'),
  /** A visitor message's emails and order numbers, computed when it is stored (null for replies). */
  facts: jsonb('facts').$type<{ emails: string[]; orderNumbers: string[] } | null>(),
  /** What an answer achieved (assistant/outcome.ts); null for visitor messages. */
  outcome: jsonb('outcome').$type<Record<string, unknown> | null>(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** awaiting_confirmation: delivered, and the site e-mailed a confirmation link (double opt-in). */
export type LeadSyncStatus = 'pending' | 'delivered' | 'awaiting_confirmation' | 'failed' | 'no_site';

export const leads = pgTable('leads', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  agentId: uuid('agent_id').notNull(),
  conversationId: uuid('conversation_id'),
  email: text('email').notNull(),
  name: text('name'),
  phone: text('phone'),
  consent: jsonb('consent').$type<Record<string, unknown>>().notNull().default({}),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
  siteUserId: bigint('site_user_id', { mode: 'number' }),
  siteSyncStatus: text('site_sync_status').$type<LeadSyncStatus>().notNull().default('pending'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Later submissions of a lead's (agent, email): recorded, never applied to the lead. */
export const leadSubmissions = pgTable('lead_submissions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  leadId: uuid('lead_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  conversationId: uuid('conversation_id'),
  name: text('name'),
  phone: text('phone'),
  consent: jsonb('consent').$type<Record<string, unknown>>().notNull().default({}),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  siteId: uuid('site_id'),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
  deliveredAt: timestamptz('delivered_at'),
  failedAt: timestamptz('failed_at'),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A workspace's webhook for handoff notices (0013); the secret is a signing key, kept as written. */
export const handoffWebhooks = pgTable('handoff_webhooks', {
  workspaceId: uuid('workspace_id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const widgetEvents = pgTable('widget_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  agentId: uuid('agent_id').notNull(),
  conversationId: uuid('conversation_id'),
  name: text('name').notNull(),
  at: timestamptz('at').notNull(),
  props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Order lookups by number and email that found no order (see modules/assistant/order-lookup-limits.ts). */
export const orderLookupMisses = pgTable('order_lookup_misses', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  conversationId: uuid('conversation_id').notNull(),
  addressHash: text('address_hash'),
  emailHash: text('email_hash').notNull(),
  at: timestamptz('at').notNull(),
});
/** Widget events offered per agent per UTC day, against EVENTS_PER_AGENT_PER_DAY. */
export const widgetEventQuotas = pgTable(
  'widget_event_quotas',
  {
    agentId: uuid('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    events: bigint('events', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

export const couponApplies = pgTable('coupon_applies', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  conversationId: uuid('conversation_id').notNull(),
  code: text('code').notNull(),
  status: text('status').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A workspace's price for a model, over the built-in table (US dollars per million tokens). */
export const modelPrices = pgTable(
  'model_prices',
  {
    workspaceId: uuid('workspace_id').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputUsdPerMtok: usd('input_usd_per_mtok', 14, 6).notNull(),
    outputUsdPerMtok: usd('output_usd_per_mtok', 14, 6).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider, t.model] })],
);

/** Hosted-model tokens per UTC day, agent and model, counted as each reply is stored. */
export const modelUsageDaily = pgTable(
  'model_usage_daily',
  {
    workspaceId: uuid('workspace_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    turns: integer('turns').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.agentId, t.provider, t.model] })],
);

/** An answer the owner writes (knowledge/snippets.ts): indexed as a document of kind 'snippet'. */
export const knowledgeSnippets = pgTable('knowledge_snippets', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  questions: text('questions').array().notNull(),
  answer: text('answer').notNull(),
  languages: text('languages').array().notNull().default([]),
  /** Empty: every agent of the workspace. */
  agentIds: uuid('agent_ids').array().notNull().default([]),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** A saved test question of an agent's regression suite (agent-tests/). */
export const agentTests = pgTable('agent_tests', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  agentId: uuid('agent_id').notNull(),
  question: text('question').notNull(),
  expectedSources: text('expected_sources').array().notNull().default([]),
  factPattern: text('fact_pattern'),
  pageContext: jsonb('page_context').$type<Record<string, unknown> | null>(),
  siteType: text('site_type'),
  language: text('language'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export type TestRunTrigger = 'manual' | 'cli' | 'sync' | 'agent_edit' | 'answers';

export const agentTestRuns = pgTable('agent_test_runs', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  agentId: uuid('agent_id').notNull(),
  trigger: text('trigger').$type<TestRunTrigger>().notNull(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  finishedAt: timestamptz('finished_at'),
  total: integer('total').notNull().default(0),
  passed: integer('passed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  results: jsonb('results').$type<unknown[]>().notNull().default([]),
  diff: jsonb('diff').$type<Record<string, unknown>>().notNull().default({}),
});

export const messageFeedback = pgTable('message_feedback', {
  messageId: uuid('message_id').primaryKey(),
  conversationId: uuid('conversation_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  agentId: uuid('agent_id').notNull(),
  rating: text('rating').$type<'up' | 'down'>().notNull(),
  reason: text('reason'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
