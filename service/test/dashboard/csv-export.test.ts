import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/modules/dashboard/leads/csv.js';
import { appTest } from '../helpers/fixtures.js';
import { widgetPost } from '../helpers/widget.js';
import { asUser, seedProductionConversation, signedInMember } from './helpers.js';

/** A viewer of the shop, and three leads of one production conversation (one plain, two with spreadsheet formulas). */
const leadsTest = appTest({
  shop: { name: 'CSV shop' },
  prepare: async (service, shop) => {
    const user = await signedInMember(service, shop.workspaceId, 'viewer');
    const visit = await seedProductionConversation(service.app, shop.agentId, 'Can someone call me back?');
    const leadIds: string[] = [];
    for (const body of [
      { email: 'Plain@Example.com', name: 'Ada Lovelace', phone: '+44 20 7946 0958', consent: { marketing: true } },
      { email: 'tricky@example.com', name: 'Smith, "Jo"\nSecond line', consent: { marketing: false }, fields: { company: '=cmd|/C calc!A0', size: 12 } },
      { email: 'attacker@example.com', name: '@SUM(1+1)*cmd|"/C calc"!A0' },
    ]) {
      const response = await widgetPost(service.app, '/v1/widget/leads', visit.token, body);
      expect(response.statusCode).toBe(200);
      leadIds.push(response.json().lead_id);
    }
    return { user, leadIds, conversationId: visit.conversationId };
  },
});

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    [' padded ', '" padded "'],
    ['=1+2', "'=1+2"],
    ['+49 170 1234567', "'+49 170 1234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ['', ''],
  ])('%j becomes %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves numbers, booleans and empty values as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', null],
      ]),
    ).toBe('a,b\r\nc,\r\n');
  });
});

describe('GET /app/api/leads.csv', () => {
  leadsTest('downloads every lead as UTF-8 CSV, escaped and with formulas defused', async ({ service, prepared: { user, leadIds, conversationId } }) => {
    const response = await asUser(service.app, user, 'GET', '/app/api/leads.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = response.body.slice(1).split('\r\n');
    expect(rows.pop()).toBe('');
    expect(rows[0]).toBe('lead_id,created_at,updated_at,email,name,phone,agent,marketing_consent,site_sync_status,site_user_id,conversation_id,fields');
    const body = rows.slice(1).join('\r\n');
    const agent = 'CSV shop assistant';
    expect(body).toMatch(
      new RegExp(`^${leadIds[0]},[^,]+Z,[^,]+Z,plain@example.com,Ada Lovelace,'\\+44 20 7946 0958,${agent},yes,no_site,,${conversationId},$`, 'm'),
    );
    expect(body).toContain(
      `,tricky@example.com,"Smith, ""Jo""\nSecond line",,${agent},no,no_site,,${conversationId},"{""size"":12,""company"":""=cmd|/C calc!A0""}"`,
    );
    expect(body).toContain(`,attacker@example.com,"'@SUM(1+1)*cmd|""/C calc""!A0",,`);
  });

  leadsTest('is also reachable from the Leads page', async ({ service, prepared: { user } }) => {
    const page = await asUser(service.app, user, 'GET', '/app/leads');
    expect(page.body).toContain('href="/app/api/leads.csv" download');
    expect(page.body).toContain('Smith, &quot;Jo&quot;');
  });

  leadsTest('shows a lead with its conversation and site-user sync status', async ({ service, prepared: { user, leadIds, conversationId } }) => {
    const detail = (await asUser(service.app, user, 'GET', `/app/api/leads/${leadIds[0]}`)).json();
    expect(detail).toMatchObject({
      lead: { email: 'plain@example.com', site_sync_status: 'no_site', site_user_id: null, conversation_id: conversationId },
      site_sync: null,
      conversation: { conversation: { id: conversationId }, messages: [{ role: 'user', content: 'Can someone call me back?' }, { role: 'assistant' }] },
    });
    const page = await asUser(service.app, user, 'GET', `/app/leads/${leadIds[0]}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no site connected');
    expect(page.body).toContain('Can someone call me back?');
  });
});
