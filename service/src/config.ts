import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration comes from the environment, is parsed once at start-up and fails loudly: a typo
 * in a production variable must stop the process, not quietly fall back to a default.
 * Every variable here is listed, with its default, in the README's configuration table.
 */

const booleanFromEnv = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']).transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const urlFromEnv = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const semver = z.string().regex(/^\d+\.\d+\.\d+$/, 'must look like 1.2.3');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list as Fastify accepts them. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address (X-Forwarded-For) and scheme: none, the nearest N
 * hops, or the listed proxy addresses and ranges. A bare `true` would trust every hop, and the
 * left-most X-Forwarded-For entry is whatever the client sent, so it is refused.
 */
const trustProxyFromEnv = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'no longer accepts true, which trusted every X-Forwarded-For hop and let clients choose their own address: set the number of proxies in front of the service (TRUST_PROXY=1 behind one nginx) or their addresses (TRUST_PROXY=10.0.0.2,10.0.0.3 or a range such as 10.0.0.0/24)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) ctx.addIssue({ code: 'custom', message: 'must be a hop count from 0 to 10, or proxy addresses' });
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of proxy addresses or CIDR ranges; not an address: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().min(1).default('data'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    APP_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    APP_SECRET_PREVIOUS: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_BASE_URL: urlFromEnv.optional().or(z.literal('').transform(() => undefined)),
    ALLOW_PRIVATE_SITE_URLS: booleanFromEnv.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MIN_PLUGIN_VERSION: semver.default('1.0.0'),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    TEST_SUITE_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    WIDGET_MESSAGES_PER_CONVERSATION: z.coerce.number().int().min(1).max(100_000).default(20),
    WIDGET_MESSAGES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
    TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    EVENTS_PER_AGENT_PER_DAY: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ALERT_FROM: z
      .string()
      .min(3)
      .max(200)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ALERT_WAITING_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: urlFromEnv.optional().or(z.literal('').transform(() => undefined)),
    ANTHROPIC_API_KEY: z.string().optional(),
    ANTHROPIC_BASE_URL: urlFromEnv.optional().or(z.literal('').transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
    // Node refuses a header deadline later than the whole request's.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: `must not be more than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})` });
    }
  });

/** Fastify's trustProxy: false, a number of hops, or proxy addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  appSecret: string;
  /** The secret being rotated out: widget tokens it signed are still accepted until they expire. */
  previousAppSecret: string | undefined;
  publicBaseUrl: string;
  allowPrivateSiteUrls: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  minPluginVersion: string;
  /** Whom X-Forwarded-For is believed from (TRUST_PROXY): see trustProxyFromEnv. */
  trustProxy: TrustProxy;
  /** On SIGTERM, how long running turns may go on before they are aborted (their partial answers saved). */
  shutdownGraceMs: number;
  /** How long after the last sync batch or agent edit an agent's test suite runs (TEST_SUITE_DELAY_MS). */
  testSuiteDelayMs: number;
  /** What a connection may hold of the server before it is closed: see HttpLimits. */
  http: HttpLimits;
  /**
   * Visitor messages (POST /v1/widget/messages and /messages/stream together) per minute: per
   * conversation, and per client address (an IPv6 address by its /64) across all its conversations.
   */
  widgetMessages: { perConversation: number; perAddress: number };
  /** Widget events, coupon applies and event counters older than this many days are deleted. */
  telemetryRetentionDays: number;
  /** Widget events stored per agent per UTC day; beyond it events are answered but dropped. */
  eventsPerAgentPerDay: number;
  /**
   * Email to the team when a visitor waits for a person longer than `waitingMinutes`
   * (conversations/waiting-alerts.ts); no email without `smtpUrl` (SMTP_URL, credentials inside:
   * never logged). `from` defaults to no-reply at the public address's host.
   */
  alerts: { smtpUrl: string | undefined; from: string; waitingMinutes: number };
  /** LLM provider keys and endpoints; with none set every agent uses the offline responder. */
  providers: {
    OPENAI_API_KEY: string | undefined;
    OPENAI_BASE_URL: string | undefined;
    ANTHROPIC_API_KEY: string | undefined;
    ANTHROPIC_BASE_URL: string | undefined;
  };
}

/**
 * Bounds on what one connection may take of the server, so that clients that open connections
 * and stall (slow headers, slow bodies, idle keep-alives, unread answers) cannot hold file
 * descriptors without end.
 */
export interface HttpLimits {
  /** The whole request, headers and body, must have arrived within this (408 and closed otherwise). */
  requestTimeoutMs: number;
  /** The request's headers must have arrived within this; at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** An idle connection between two requests is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves, either way, for this long is closed (an unread answer too). */
  connectionTimeoutMs: number;
  /** Connections open at once; further ones are closed as they arrive. */
  maxConnections: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Whether this start serves the demo store. DEMO=1 (true, yes, on) asks for it and DEMO=0 refuses
 * it; unset, the command line's `--demo` decides (`npm start` passes it). A production start with
 * neither never loads the demo's code. Read once at start, like the rest of the configuration.
 */
export function demoRequested(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const parsed = booleanFromEnv.safeParse(env.DEMO ?? '');
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n  DEMO: must be 1 or 0 (got "${env.DEMO}")`);
  if ((env.DEMO ?? '') === '') return argv.includes('--demo');
  return parsed.data;
}

/** Relative paths are taken from where the operator ran npm, not from the workspace folder. */
function resolveFromInvocation(p: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), p);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = (m) => console.warn(m)): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolveFromInvocation(e.DATA_DIR, env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    appSecret: e.APP_SECRET ?? loadOrCreateAppSecret(dataDir, warn),
    previousAppSecret: e.APP_SECRET_PREVIOUS,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    allowPrivateSiteUrls: e.ALLOW_PRIVATE_SITE_URLS,
    logLevel: e.LOG_LEVEL,
    minPluginVersion: e.MIN_PLUGIN_VERSION,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    testSuiteDelayMs: e.TEST_SUITE_DELAY_MS,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    widgetMessages: { perConversation: e.WIDGET_MESSAGES_PER_CONVERSATION, perAddress: e.WIDGET_MESSAGES_PER_ADDRESS },
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    eventsPerAgentPerDay: e.EVENTS_PER_AGENT_PER_DAY,
    alerts: {
      smtpUrl: e.SMTP_URL,
      from: e.ALERT_FROM ?? `Storefront Assistant <no-reply@${new URL(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).hostname}>`,
      waitingMinutes: e.ALERT_WAITING_MINUTES,
    },
    providers: {
      OPENAI_API_KEY: e.OPENAI_API_KEY || undefined,
      OPENAI_BASE_URL: e.OPENAI_BASE_URL,
      ANTHROPIC_API_KEY: e.ANTHROPIC_API_KEY || undefined,
      ANTHROPIC_BASE_URL: e.ANTHROPIC_BASE_URL,
    },
  };
}

/**
 * A single-node install should start with no configuration at all, so the secret that signs
 * widget tokens and sessions is generated once and kept beside the data. Several instances must
 * share one APP_SECRET, hence the warning.
 */
function loadOrCreateAppSecret(dataDir: string, warn: (message: string) => void): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  warn(`APP_SECRET is not set: generated one in ${file}. Set APP_SECRET when running more than one instance.`);
  return secret;
}
