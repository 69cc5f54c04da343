import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A real WordPress (Debian's package) on MariaDB, served by `php -S` on loopback, with the
 * Storefront Assistant plugin activated and, with `woocommerce: true`, the real WooCommerce 7.9.0
 * (vendored archive), built by scripts/wordpress/setup.sh.
 *
 * Used by the plugin's route tests, and by any suite that needs a live site, e.g. to connect
 * the plugin to a service started in the same test: `site.connect(serviceUrl, token)` runs the
 * settings page's Connect form, `site.runSync()` runs the due sync jobs (WP-Cron or Action Scheduler).
 */

const execFileAsync = promisify(execFile);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const scripts = join(repo, 'scripts/wordpress');
const wordpressDir = process.env.WORDPRESS_DIR ?? '/usr/share/wordpress';

export const ADMIN = { user: 'admin', password: 'admin-password', email: 'admin@example.com' } as const;
const SETTINGS_PATH = '/wp-admin/options-general.php?page=storefront-assistant';

export interface WordPressSite {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** Runs PHP inside WordPress (as the CLI, no user logged in) and returns what the code returns, JSON-decoded. */
  wpEval<T = unknown>(php: string): Promise<T>;
  /** Logs in as the administrator and submits Settings → Storefront Assistant → Connect; resolves to the page's notice text. */
  connect(serviceUrl: string, apiToken: string): Promise<string>;
  /**
   * Submits one of the settings page's forms as the administrator (e.g. 'storefront_assistant_full_sync'
   * with {resend_all: '1'}); resolves to the notice shown afterwards.
   */
  submitSettingsForm(action: string, fields?: Record<string, string>): Promise<string>;
  /** The same, resolving to the notice and the whole page shown after the form was submitted. */
  submitSettingsFormPage(action: string, fields?: Record<string, string>): Promise<{ notice: string; html: string }>;
  /** An admin page's HTML, fetched as the logged-in administrator (default: the plugin's settings page). */
  adminPage(path?: string): Promise<string>;
  /**
   * Runs the plugin's due background jobs (full-sync walk, sending, reconciliation) until none is
   * due: through wp-cron.php, and with WooCommerce through Action Scheduler's runner.
   */
  runSync(): Promise<void>;
  /**
   * Runs the plugin's jobs that are due now, once each (one batch of Action Scheduler's runner, or
   * one wp-cron.php request), as a site's scheduler would on its next tick; resolves to how many ran.
   */
  runJobsOnce(): Promise<number>;
  /** Logs in as the administrator; the returned function sends requests with the session cookies. */
  adminRequest(): Promise<AdminRequest>;
  /** An application password of the administrator, for Basic authentication of REST requests. */
  applicationPassword(): Promise<string>;
  /** WordPress's debug log (PHP notices and errors), for failure messages. */
  debugLog(): string;
  /** Lines of the debug log about the plugin's code: warnings, notices, errors. */
  pluginProblems(): string[];
  stop(): Promise<void>;
}

/** Null when everything needed is here, else why the WordPress suites cannot run. */
export async function missingWordPressPrerequisites(): Promise<string | null> {
  try {
    await execFileAsync('php', ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);']);
  } catch {
    return 'php (with the mysqli extension) is not installed: apt-get install php-cli php-mysql php-xml php-mbstring php-curl';
  }
  if (!existsSync(join(wordpressDir, 'wp-load.php'))) {
    return `WordPress is not installed at ${wordpressDir}: apt-get install wordpress`;
  }
  const themes = join(wordpressDir, 'wp-content', 'themes');
  if (!existsSync(themes) || !readdirSync(themes).some((theme) => existsSync(join(themes, theme, 'style.css')))) {
    return `WordPress has no theme in ${themes}, so its pages would render nothing: apt-get install wordpress-theme-twentytwentythree`;
  }
  try {
    await execFileAsync('php', ['-r', 'exit(extension_loaded("gd") && extension_loaded("zip") ? 0 : 1);']);
  } catch {
    return "WooCommerce needs the PHP gd extension, and WordPress's personal data export the zip extension: apt-get install php-gd php-zip";
  }
  try {
    await execFileAsync('bash', [join(scripts, 'setup.sh'), '--check-woocommerce'], { env: process.env });
  } catch (error) {
    return (error as { stderr?: string }).stderr?.trim() || 'the WooCommerce archive cannot be used';
  }
  try {
    await execFileAsync('php', ['-r', mysqlPing], { env: process.env });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim();
    return `MariaDB/MySQL is not reachable at ${process.env.WP_DB_HOST ?? '127.0.0.1:3306'}${detail ? ` (${detail})` : ''}`;
  }
  return null;
}

const mysqlPing = `
[$host, $port] = explode(':', getenv('WP_DB_HOST') ?: '127.0.0.1:3306') + ['', '3306'];
mysqli_report(MYSQLI_REPORT_OFF);
$db = @new mysqli($host, getenv('WP_DB_USER') ?: 'root', getenv('WP_DB_PASSWORD') ?: '', '', (int) $port);
if ($db->connect_errno) { fwrite(STDERR, $db->connect_error); exit(1); }`;

export async function startWordPress(options: { woocommerce?: boolean } = {}): Promise<WordPressSite> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'sa-wordpress-'));
  const database = `sa_test_${process.pid}_${port}`;
  const siteRoot = join(dir, 'site');

  await execFileAsync('bash', [join(scripts, 'setup.sh'), dir, url, database, ...(options.woocommerce ? ['--woocommerce'] : [])], {
    env: process.env,
  });

  const server: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', siteRoot, join(scripts, 'router.php')], {
    env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    stdio: 'ignore',
    // Its own process group, so that stop() also ends the server's worker processes.
    detached: true,
  });
  const debugLog = () => (existsSync(join(dir, 'debug.log')) ? readFileSync(join(dir, 'debug.log'), 'utf8') : '');

  const stop = async () => {
    if (server.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolveExit) => server.once('exit', resolveExit));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    await execFileAsync('php', [join(scripts, 'database.php'), 'drop', database], { env: process.env }).catch(() => undefined);
    // The server's workers may still be finishing a write as the process group ends.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  try {
    await waitUntilServing(url, server);
  } catch (error) {
    await stop();
    throw error;
  }

  const wpEval = async <T>(php: string): Promise<T> => {
    const { stdout } = await runWithInput('php', [join(scripts, 'eval.php'), siteRoot, url], php);
    let parsed: { result?: T; error?: string; output?: string };
    try {
      parsed = JSON.parse(stdout);
    } catch {
      throw new Error(`wpEval printed no JSON: ${stdout}\n${debugLog().slice(-2000)}`);
    }
    if (parsed.error) throw new Error(`wpEval: ${parsed.error}\n${parsed.output ?? ''}`);
    return parsed.result as T;
  };

  const runJobsOnce = async (): Promise<number> => {
    const { actionsRan, cronDue } = await wpEval<{ actionsRan: number; cronDue: boolean }>(RUN_DUE_JOBS);
    if (cronDue) await (await fetch(`${url}/wp-cron.php`)).text();
    return actionsRan + (cronDue ? 1 : 0);
  };
  let applicationPassword: Promise<string> | undefined;

  return {
    url,
    wpEval,
    debugLog,
    pluginProblems: () =>
      debugLog()
        .split('\n')
        .filter((line) => /PHP (Fatal error|Warning|Notice|Deprecated|Parse error)/.test(line) && /storefront-assistant/.test(line)),
    stop,
    connect: async (serviceUrl, apiToken) =>
      (await submitSettingsForm(url, 'storefront_assistant_connect', { service_url: serviceUrl, api_token: apiToken })).notice,
    submitSettingsForm: async (action, fields = {}) => (await submitSettingsForm(url, action, fields)).notice,
    submitSettingsFormPage: (action, fields = {}) => submitSettingsForm(url, action, fields),
    adminPage: async (path = SETTINGS_PATH) => (await (await adminSession(url))(path)).text(),
    runSync: async () => {
      // Each job schedules its own next run: run what is due until nothing is.
      for (let run = 0; run < 200; run += 1) {
        if ((await runJobsOnce()) === 0) return;
      }
      throw new Error('the sync jobs were still due after 200 runs');
    },
    runJobsOnce,
    adminRequest: () => adminSession(url),
    applicationPassword: async () =>
      (applicationPassword ??= wpEval<string>(`
        [$password] = WP_Application_Passwords::create_new_application_password(1, ['name' => 'tests']);
        return 'admin:' . $password;`)),
  };
}

/**
 * The plugin's hooks: with WooCommerce, the due actions of its Action Scheduler group are claimed
 * and run as Action Scheduler's queue runner does for a batch (other plugins' actions are left
 * alone); without it, due WP-Cron events run through wp-cron.php, as WP-Cron would.
 */
const RUN_DUE_JOBS = `
  $ran = 0;
  if (class_exists('ActionScheduler') && function_exists('as_get_scheduled_actions')) {
    try {
      $store = ActionScheduler::store();
      $claim = $store->stake_claim(100, as_get_datetime_object(), [], 'storefront-assistant');
      foreach ($claim->get_actions() as $id) {
        ActionScheduler::runner()->process_action($id, 'tests');
        $ran++;
      }
      $store->release_claim($claim);
    } catch (InvalidArgumentException $e) {
      // The group does not exist yet: nothing was ever scheduled.
    }
  }
  $cron = false;
  foreach (['storefront_assistant_full_sync', 'storefront_assistant_sync', 'storefront_assistant_reconcile'] as $hook) {
    $next = wp_next_scheduled($hook);
    if (false !== $next && $next <= time()) $cron = true;
  }
  return ['actionsRan' => $ran, 'cronDue' => $cron];`;

/**
 * Stores a connection as a successful handshake would, for tests that need the plugin's routes
 * or widget but no service: the signing secret, credentials, one published agent; and, when
 * given, the lead double opt-in setting.
 */
export async function storeConnection(
  site: WordPressSite,
  connection: { signingSecret: string; serviceUrl?: string; agentId?: string; leadDoubleOptIn?: boolean },
): Promise<void> {
  const settings = {
    service_url: connection.serviceUrl ?? 'https://assistant.example',
    api_token: 'svc_stored_connection',
    agent_id: connection.agentId ?? 'agent_1',
    // Unset, the plugin's default: on.
    ...(connection.leadDoubleOptIn !== undefined ? { lead_double_opt_in: connection.leadDoubleOptIn ? '1' : '0' } : {}),
  };
  const stored = {
    workspace: { id: 'workspace_1', name: 'Test workspace' },
    agents: [{ id: settings.agent_id, name: 'Helper', site_type: 'ecommerce', published: true }],
    token: {},
    connected_at: Math.floor(Date.now() / 1000),
  };
  await site.wpEval(`
    update_option('storefront_assistant_settings', json_decode(${phpString(JSON.stringify(settings))}, true));
    update_option('storefront_assistant_connection', json_decode(${phpString(JSON.stringify(stored))}, true));
    update_option('storefront_assistant_shopper_signing_secret', ${phpString(connection.signingSecret)});
    return null;`);
}

export interface SentMail {
  to: string | string[];
  subject: string;
  message: string;
}

/**
 * From now on, mail the site sends through wp_mail() is not sent but kept, for sentMail(): a
 * must-use plugin answers WordPress's pre_wp_mail filter (the test site has no mail server).
 */
export async function captureMail(site: WordPressSite): Promise<void> {
  const plugin = `<?php
add_filter('pre_wp_mail', static function ($short_circuit, array $atts) {
    $sent = get_option('sa_test_sent_mail', []);
    $sent[] = ['to' => $atts['to'], 'subject' => $atts['subject'], 'message' => $atts['message']];
    update_option('sa_test_sent_mail', $sent, false);
    return true;
}, 10, 2);
`;
  await site.wpEval(`
    wp_mkdir_p(WPMU_PLUGIN_DIR);
    file_put_contents(WPMU_PLUGIN_DIR . '/sa-test-capture-mail.php', ${phpString(plugin)});
    delete_option('sa_test_sent_mail');
    return null;`);
}

/** The mail kept since captureMail(), oldest first. */
export function sentMail(site: WordPressSite): Promise<SentMail[]> {
  return site.wpEval<SentMail[]>(`return get_option('sa_test_sent_mail', []);`);
}

/** A PHP single-quoted string literal. */
export function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export type AdminRequest = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Requests to the site as one browser sends them: the cookies it was given are sent back, redirects
 * are not followed. It starts with WordPress's test cookie, which its login form asks for.
 */
export function browserSession(siteUrl: string): AdminRequest {
  const cookies = new Map<string, string>([['wordpress_test_cookie', 'WP%20Cookie%20check']]);
  return async (path, init = {}) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, siteUrl), { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  };
}

/** Logs in through wp-login.php (as the administrator by default); the returned function sends requests with the session cookies. */
export async function loggedIn(siteUrl: string, user: string = ADMIN.user, password: string = ADMIN.password): Promise<AdminRequest> {
  const request = browserSession(siteUrl);
  const login = await request('/wp-login.php', formPost({ log: user, pwd: password, testcookie: '1', redirect_to: `${siteUrl}/wp-admin/` }));
  if (login.status !== 302) throw new Error(`login failed with HTTP ${login.status}`);
  return request;
}

const adminSession = (siteUrl: string) => loggedIn(siteUrl);

function formPost(fields: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) };
}

/** What a store owner does: open Settings → Storefront Assistant, fill in one of its forms, submit it. */
async function submitSettingsForm(siteUrl: string, action: string, fields: Record<string, string>): Promise<{ notice: string; html: string }> {
  const request = await adminSession(siteUrl);
  const page = await (await request(SETTINGS_PATH)).text();
  const forms = page.match(/<form[^>]*admin-post\.php[^>]*>[\s\S]*?<\/form>/g) ?? [];
  const nonce = forms.find((html) => html.includes(`name="action" value="${action}"`))?.match(/name="_wpnonce" value="([^"]+)"/)?.[1];
  if (!nonce) throw new Error(`the settings page has no form for ${action}`);

  const submitted = await request('/wp-admin/admin-post.php', formPost({ action, _wpnonce: nonce, _wp_http_referer: SETTINGS_PATH, ...fields }));
  const location = submitted.headers.get('location');
  if (!location) throw new Error(`${action} answered HTTP ${submitted.status} without a redirect`);
  const html = await (await request(location)).text();
  return { notice: decodeEntities(html.match(/<div class="notice[^"]*"><p>([\s\S]*?)<\/p><\/div>/)?.[1] ?? ''), html };
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#0?39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilServing(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`php -S exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/wp-json/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error(`WordPress did not answer at ${url} within 15 s`);
}

function runWithInput(command: string, args: string[], input: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = execFile(command, args, { env: process.env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && !stdout) reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`));
      else resolveRun({ stdout, stderr });
    });
    child.stdin?.end(input);
  });
}
