import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('runs with no variables set, generating and keeping an app secret with a warning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sa-config-'));
    const warnings: string[] = [];
    const first = loadConfig({ DATA_DIR: dir }, (m) => warnings.push(m));
    expect(first).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      allowPrivateSiteUrls: false,
      logLevel: 'info',
      publicBaseUrl: 'http://localhost:3000',
      telemetryRetentionDays: 90,
      eventsPerAgentPerDay: 50_000,
    });
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(warnings).toHaveLength(1);
    expect(statSync(path.join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dir }, (m) => warnings.push(m));
    expect(second.appSecret).toBe(first.appSecret);
    expect(warnings).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first.appSecret);
  });

  it('fails loudly, naming every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ALLOW_PRIVATE_SITE_URLS: 'maybe',
        LOG_LEVEL: 'loud',
        APP_SECRET: 'short',
        TELEMETRY_RETENTION_DAYS: '0',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'ALLOW_PRIVATE_SITE_URLS', 'LOG_LEVEL', 'APP_SECRET', 'TELEMETRY_RETENTION_DAYS'])
        expect(message).toContain(name);
    }
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges', () => {
    const read = (value: string) => loadConfig({ APP_SECRET: 'a'.repeat(40), TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({ APP_SECRET: 'a'.repeat(40) }).trustProxy).toBe(false);
    for (const off of ['', 'false', 'no', 'off', '0']) expect(read(off)).toBe(false);
    expect(read('1')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.2, 10.0.0.0/24,fd00::/8, ::1,loopback')).toEqual(['10.0.0.2', '10.0.0.0/24', 'fd00::/8', '::1', 'loopback']);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.1/8/8', '11', '-1']) {
      expect(() => read(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses TRUST_PROXY=true, which would let a client choose its own address, saying what to set instead', () => {
    for (const value of ['true', 'yes', 'on', 'TRUE']) {
      expect(() => loadConfig({ APP_SECRET: 'a'.repeat(40), TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: no longer accepts true.*TRUST_PROXY=1 behind one nginx/,
      );
    }
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db/app',
      DATA_DIR: '/tmp/x',
      REDIS_URL: 'redis://cache:6379',
      APP_SECRET: 'a'.repeat(40),
      PUBLIC_BASE_URL: 'https://assist.example/',
      ALLOW_PRIVATE_SITE_URLS: 'true',
      LOG_LEVEL: 'warn',
      MIN_PLUGIN_VERSION: '1.2.0',
      TRUST_PROXY: '1',
      SHUTDOWN_GRACE_MS: '5000',
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      CONNECTION_TIMEOUT_MS: '90000',
      MAX_CONNECTIONS: '2000',
      WIDGET_MESSAGES_PER_CONVERSATION: '12',
      WIDGET_MESSAGES_PER_ADDRESS: '40',
      TELEMETRY_RETENTION_DAYS: '30',
      EVENTS_PER_AGENT_PER_DAY: '1000',
      TEST_SUITE_DELAY_MS: '2500',
      SMTP_URL: 'smtps://alerts:pw@mail.example:465',
      ALERT_WAITING_MINUTES: '12',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/app',
      dataDir: '/tmp/x',
      redisUrl: 'redis://cache:6379',
      appSecret: 'a'.repeat(40),
      publicBaseUrl: 'https://assist.example',
      allowPrivateSiteUrls: true,
      logLevel: 'warn',
      minPluginVersion: '1.2.0',
      trustProxy: 1,
      shutdownGraceMs: 5_000,
      http: { requestTimeoutMs: 20_000, headersTimeoutMs: 5_000, keepAliveTimeoutMs: 65_000, connectionTimeoutMs: 90_000, maxConnections: 2_000 },
      widgetMessages: { perConversation: 12, perAddress: 40 },
      telemetryRetentionDays: 30,
      testSuiteDelayMs: 2500,
      eventsPerAgentPerDay: 1000,
      alerts: { smtpUrl: 'smtps://alerts:pw@mail.example:465', from: 'Storefront Assistant <no-reply@assist.example>', waitingMinutes: 12 },
      providers: { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: undefined },
    });
  });
});
