import { createTransport } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';
import { PERMISSIONS } from '../auth/permissions.js';

/**
 * Email to the team when a visitor has waited for a person longer than the configured minutes
 * (SMTP_URL, ALERT_WAITING_MINUTES): once per request for a person, to every member of the
 * conversation's workspace who may reply. Each sweep claims the conversations it alerts about in
 * one statement, so several instances sweeping at once send each alert once; a send that fails
 * gives its claim back, and the next sweep tries again.
 */

export interface MailTransport {
  sendMail(message: { from: string; to: string[]; subject: string; text: string }): Promise<unknown>;
}

export interface WaitingAlertsOptions {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  transport: MailTransport;
  from: string;
  afterMinutes: number;
  /** Where the dashboard is, for the link to the conversation. */
  publicBaseUrl: string;
}

/** How often a running service sweeps. */
export const SWEEP_INTERVAL_MS = 30_000;

/** An SMTP transport from the operator's URL (smtp:// or smtps://, credentials inside: never logged). */
export function smtpTransport(url: string): MailTransport {
  return createTransport(url);
}

export class WaitingAlerts {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly options: WaitingAlertsOptions) {}

  start(intervalMs = SWEEP_INTERVAL_MS): void {
    this.timer = setInterval(
      () => void this.sweep().catch((error: unknown) => this.options.log.warn({ err: error }, 'waiting alerts: sweep failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  /** Sends the alerts due now; answers how many were sent. One sweep at a time per process. */
  sweep(): Promise<number> {
    this.running ??= this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<number> {
    const { db, now, afterMinutes } = this.options;
    const at = now();
    const due = new Date(at.getTime() - afterMinutes * 60_000);
    const claimed = await queryRows<{ id: string; workspace_id: string; agent_name: string; requested_at: Date | string }>(
      db,
      sql`UPDATE conversations c SET waiting_alerted_at = ${at.toISOString()}::timestamptz
            FROM agents a
           WHERE a.id = c.agent_id AND a.workspace_id = c.workspace_id
             AND c.handoff_state = 'waiting_for_human' AND NOT c.is_playground
             AND c.handoff_requested_at <= ${due.toISOString()}::timestamptz
             AND (c.waiting_alerted_at IS NULL OR c.waiting_alerted_at < c.handoff_requested_at)
       RETURNING c.id, c.workspace_id, a.name AS agent_name, c.handoff_requested_at AS requested_at`,
    );
    let sent = 0;
    for (const conversation of claimed) {
      if (await this.alert(conversation, at)) sent++;
    }
    return sent;
  }

  private async alert(conversation: { id: string; workspace_id: string; agent_name: string; requested_at: Date | string }, at: Date): Promise<boolean> {
    const { db, transport, from, publicBaseUrl, log } = this.options;
    const roles = PERMISSIONS['conversation-reply'];
    // Only the conversation's own workspace, and only members who may answer it.
    const members = await queryRows<{ email: string }>(
      db,
      sql`SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
           WHERE m.workspace_id = ${conversation.workspace_id}
             AND m.role IN (${sql.join(
               roles.map((role) => sql`${role}`),
               sql`, `,
             )})
           ORDER BY u.email`,
    );
    if (members.length === 0) return false;
    const waited = Math.max(1, Math.round((at.getTime() - new Date(conversation.requested_at).getTime()) / 60_000));
    const link = `${publicBaseUrl.replace(/\/+$/, '')}/app/inbox/${conversation.id}`;
    try {
      await transport.sendMail({
        from,
        to: members.map((member) => member.email),
        subject: `A visitor has waited ${waited} min for a person (${conversation.agent_name})`,
        // No visitor text in the email: the conversation is read in the dashboard, behind sign-in.
        text: `A visitor asked ${conversation.agent_name} for a person of your team ${waited} minutes ago, and nobody has replied yet.\n\nOpen the conversation: ${link}\n`,
      });
      return true;
    } catch (error) {
      // Give the claim back so that the next sweep tries again; the error, not the SMTP URL, is logged.
      await db.execute(sql`UPDATE conversations SET waiting_alerted_at = NULL WHERE id = ${conversation.id} AND workspace_id = ${conversation.workspace_id}`);
      log.warn(
        { err: error instanceof Error ? { message: error.message, code: (error as { code?: unknown }).code } : String(error), conversationId: conversation.id },
        'waiting alerts: the email could not be sent',
      );
      return false;
    }
  }
}
