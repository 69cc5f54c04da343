import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { apiTokens, documents, memberships, sites, users, workspaces, type DocumentKind } from '../../db/schema.js';
import { randomSecret } from '../../lib/crypto.js';
import { parseInput } from '../../lib/validate.js';
import { runCommand } from '../admin/commands.js';
import { agentCreate } from '../agents/settings.js';
import { ensureAgent, updateAgent } from '../agents/store.js';
import { revokeApiToken } from '../auth/api-tokens.js';
import { STORE } from './catalog.js';
import { DEMO_AGENT_ID, DEMO_OWNER_EMAIL, DEMO_TOKEN_NAME, DEMO_WORKSPACE_ID, demoSiteUrl } from './identity.js';
import { InjectedPlugin, postItems, productItems, type SyncItem, type SyncKind } from './plugin.js';

/**
 * Seeds the demo store: a workspace, a published ecommerce agent, its owner, an integration token,
 * a connected site and its catalog. Every step checks what is already there, so it runs on every
 * start: the first start creates everything, later ones only repair what changed (the port, the
 * public URL, the catalog of a newer release).
 */

export const DEMO_PASSWORD_FILE = 'demo-owner-password';

export interface DemoSeedOptions {
  config: Config;
  database: Database;
  /** The port actually listened on (PORT=0 picks one), for the agent's allowed origins. */
  port?: number;
}

export interface DemoSeedResult {
  url: string;
  agentId: string;
  workspaceId: string;
  ownerEmail: string;
  passwordFile: string;
  /** Whether the catalog had to be (re)synced on this start. */
  synced: boolean;
}

/** The demo agent's settings, in the shape the dashboard's agent API takes (and validated as it is). */
const AGENT_SETTINGS = {
  name: 'Fernhill assistant',
  site_type: 'ecommerce',
  default_locale: 'en',
  greeting: "Hi! I'm the Fernhill assistant. Ask me about our gear, sizes, shipping or returns.",
  theme: { color: '#2f6b4f' },
  lead_capture: {
    enabled: true,
    ask_after_turns: 3,
    consent_text: 'Yes, Fernhill Outfitters may email me about my question and occasional offers. I can unsubscribe at any time.',
  },
  coupons: [{ code: 'WELCOME10', description: '10% off your first order' }],
  handoff: { type: 'lead_form', label: 'Talk to our team' },
  provider: 'offline',
  published: true,
};

export async function seedDemo(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const { config, database } = options;
  const db = database.db;
  const siteUrl = demoSiteUrl(config.publicBaseUrl);
  await db.insert(workspaces).values({ id: DEMO_WORKSPACE_ID, name: STORE.name }).onConflictDoNothing();
  await ensureDemoAgent(db, demoOrigins(config, options.port ?? config.port));
  const passwordFile = await ensureOwner(db, config.dataDir);
  const synced = await ensureCatalog({ config, database, siteUrl });
  return { url: siteUrl, agentId: DEMO_AGENT_ID, workspaceId: DEMO_WORKSPACE_ID, ownerEmail: DEMO_OWNER_EMAIL, passwordFile, synced };
}

/** The public address, and the loopback names a developer may open the demo under. */
function demoOrigins(config: Config, port: number): string[] {
  const candidates = [config.publicBaseUrl, `http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return [...new Set(candidates.map((url) => new URL(url).origin))];
}

async function ensureDemoAgent(db: Db, origins: string[]): Promise<void> {
  const settings = parseInput(agentCreate, { ...AGENT_SETTINGS, allowed_origins: origins });
  const agent = await ensureAgent(db, DEMO_WORKSPACE_ID, DEMO_AGENT_ID, settings, new Date());
  // Origins added by hand (the dashboard) stay; the service's own must be there after a port change.
  const missing = origins.filter((origin) => !agent.allowedOrigins.includes(origin));
  if (missing.length > 0) {
    await updateAgent(db, DEMO_WORKSPACE_ID, DEMO_AGENT_ID, { allowed_origins: [...agent.allowedOrigins, ...missing] }, new Date());
  }
}

/**
 * The owner's password is generated once and kept in DATA_DIR (readable by the service's user
 * only), never written to the log; a lost file means a new password at the next start.
 */
async function ensureOwner(db: Db, dataDir: string): Promise<string> {
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const [membership] = await db
    .select({ role: memberships.role })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(users.email, DEMO_OWNER_EMAIL), eq(memberships.workspaceId, DEMO_WORKSPACE_ID)));
  if (stored.length >= 10 && membership?.role === 'owner') return file;
  const password = stored.length >= 10 ? stored : randomSecret(12);
  if (password !== stored) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
  }
  await runCommand(db, 'user:create', { workspace: DEMO_WORKSPACE_ID, email: DEMO_OWNER_EMAIL, password, role: 'owner', name: 'Demo owner' });
  return file;
}

type Wanted = Record<SyncKind, SyncItem[]>;
const KIND_OF: Record<SyncKind, DocumentKind> = { posts: 'post', products: 'product' };
const key = (kind: DocumentKind, wpId: number) => `${kind}:${wpId}`;

function documentsOf(db: Db, siteIds: string[]) {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .select({ siteId: documents.siteId, kind: documents.kind, wpId: documents.wpId, hash: documents.contentHash })
    .from(documents)
    .where(and(eq(documents.workspaceId, DEMO_WORKSPACE_ID), inArray(documents.siteId, siteIds)));
}

async function ensureCatalog({ config, database, siteUrl }: { config: Config; database: Database; siteUrl: string }): Promise<boolean> {
  const db = database.db;
  const wanted: Wanted = { products: productItems(siteUrl), posts: postItems(siteUrl) };
  const wantedHashes = new Map(
    (Object.keys(wanted) as SyncKind[]).flatMap((kind) => wanted[kind].map((item) => [key(KIND_OF[kind], item.wp_id), item.content_hash])),
  );
  const demoSites = await db.select({ id: sites.id, siteUrl: sites.siteUrl }).from(sites).where(eq(sites.workspaceId, DEMO_WORKSPACE_ID));
  const indexed = await documentsOf(
    db,
    demoSites.map((site) => site.id),
  );
  const current = demoSites.find((site) => site.siteUrl === siteUrl);
  // Sites of an earlier public URL whose links no longer lead anywhere.
  const stale = demoSites.filter((site) => site !== current && indexed.some((doc) => doc.siteId === site.id));
  const currentDocs = indexed.filter((doc) => doc.siteId === current?.id);
  const upToDate =
    current !== undefined &&
    stale.length === 0 &&
    currentDocs.length === wantedHashes.size &&
    currentDocs.every((doc) => wantedHashes.get(key(doc.kind, doc.wpId)) === doc.hash);
  if (upToDate) return false;

  // The token's plaintext exists only when it is created: each sync gets a new one, and the
  // previous demo tokens are revoked so that exactly one stays active.
  const created = await runCommand(db, 'token:create', { workspace: DEMO_WORKSPACE_ID, name: DEMO_TOKEN_NAME });
  const previous = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(
      and(eq(apiTokens.workspaceId, DEMO_WORKSPACE_ID), eq(apiTokens.name, DEMO_TOKEN_NAME), ne(apiTokens.id, String(created.id)), isNull(apiTokens.revokedAt)),
    );
  for (const row of previous) await revokeApiToken(db, DEMO_WORKSPACE_ID, row.id);

  // The handshake refuses loopback site URLs unless ALLOW_PRIVATE_SITE_URLS is set, which is
  // right for a URL a plugin sends, but the demo site is this service itself: the seed's own
  // instance of the app vouches for exactly the demo's URLs and nothing else.
  const vouched = new Set([siteUrl, ...stale.map((site) => site.siteUrl)]);
  const app = await buildApp({
    config,
    database,
    logger: false,
    checkSiteUrl: async (url) => {
      if (!vouched.has(url)) throw new Error(`the demo seed does not connect ${url}`);
    },
  });
  try {
    const plugin = new InjectedPlugin(app, String(created.token));
    // Stale content is removed the way a plugin removes it, so search never offers dead links.
    for (const site of stale) {
      await plugin.handshake(site.siteUrl, config.minPluginVersion);
      await removeExcept(
        plugin,
        indexed.filter((doc) => doc.siteId === site.id),
        new Map(),
      );
    }
    await plugin.handshake(siteUrl, config.minPluginVersion);
    await plugin.sync('products', wanted.products);
    await plugin.sync('posts', wanted.posts);
    // Items of an older catalog that this one no longer has.
    await removeExcept(plugin, currentDocs, wantedHashes);
  } finally {
    await app.close();
  }
  return true;
}

/** Sends `deleted: true` for each document not in `keep`, through the site's sync routes. */
async function removeExcept(plugin: InjectedPlugin, docs: { kind: DocumentKind; wpId: number }[], keep: Map<string, unknown>): Promise<void> {
  for (const kind of Object.keys(KIND_OF) as SyncKind[]) {
    const removals = docs.filter((doc) => doc.kind === KIND_OF[kind] && !keep.has(key(doc.kind, doc.wpId))).map((doc) => ({ wp_id: doc.wpId, deleted: true }));
    if (removals.length > 0) await plugin.sync(kind, removals);
  }
}
