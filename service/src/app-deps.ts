import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { ProviderEnv } from './modules/assistant/providers.js';
import type { Metrics } from './modules/ops/metrics.js';
import type { InFlightTurns } from './modules/ops/in-flight.js';
import type { SuiteScheduler } from './modules/agent-tests/scheduler.js';
import type { AddressPolicy } from './modules/sites/address-policy.js';
import type { ConversationNotifier } from './modules/conversations/handoff-events.js';
import type { WaitingAlerts } from './modules/conversations/waiting-alerts.js';

/**
 * Requests per minute (spec section 8), and the limits this service adds on top of the spec's
 * (per client address; see SECURITY.md, "Limits under hostile load"). Only benchmarks and tests
 * change them.
 */
export interface Limits {
  integrationPerToken: number;
  widgetInitPerIp: number;
  leadsPerToken: number;
  eventsPerToken: number;
  couponApplyPerIp: number;
  /** Order lookups by number and email that found no order (see assistant/order-lookup-limits.ts). */
  orderLookupMissesPerConversation: number;
  orderLookupMissesPerAddressPerHour: number;
  orderLookupMissesPerEmailPerHour: number;
  /** Visitor messages per conversation; from the configuration (WIDGET_MESSAGES_PER_CONVERSATION). */
  messagesPerConversation: number;
  /** Visitor messages per client address; from the configuration (WIDGET_MESSAGES_PER_ADDRESS). */
  messagesPerAddress: number;
  /** Event requests (of up to 50 events each) per client address per minute, whatever the token. */
  eventRequestsPerIp: number;
  /** Leads per client address per hour, whatever the token. */
  leadsPerIpPerHour: number;
  /** Answer ratings per minute: per client address, per widget token, per agent. */
  feedbackPerIp: number;
  feedbackPerToken: number;
  feedbackPerAgent: number;
}

export const SPEC_LIMITS: Omit<Limits, 'messagesPerConversation' | 'messagesPerAddress'> = {
  integrationPerToken: 60,
  widgetInitPerIp: 60,
  leadsPerToken: 5,
  eventsPerToken: 600,
  couponApplyPerIp: 30,
  // Not in the specification: against order numbers guessed for a known email.
  orderLookupMissesPerConversation: 5,
  orderLookupMissesPerAddressPerHour: 10,
  orderLookupMissesPerEmailPerHour: 5,
  eventRequestsPerIp: 60,
  leadsPerIpPerHour: 20,
  feedbackPerIp: 30,
  feedbackPerToken: 20,
  feedbackPerAgent: 600,
};

/** What every module receives: built once in buildApp, never reached through globals. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** The clock; tests inject one to move time. */
  now: () => Date;
  /** Refuses a site URL the service must never call (private addresses, unless allowed). */
  checkSiteUrl: (url: string) => Promise<void>;
  log: FastifyBaseLogger;
  limits: Limits;
  /** Which site addresses the service may call (ALLOW_PRIVATE_SITE_URLS, its own origin). */
  sitePolicy: AddressPolicy;
  /** LLM provider keys and base URLs (OPENAI_API_KEY...). */
  providerEnv: ProviderEnv;
  /** This app's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Turns being generated, which a shutdown lets finish or aborts. */
  turns: InFlightTurns;
  /** The agents' test suites, run after sync batches, agent edits and answer changes. */
  suites: SuiteScheduler;
  /** Tells the widget's live channel and the dashboard's inbox that a conversation changed, across instances. */
  notifier: ConversationNotifier;
  /** Emails the team about visitors waiting for a person; undefined without SMTP_URL. */
  waitingAlerts: WaitingAlerts | undefined;
}
