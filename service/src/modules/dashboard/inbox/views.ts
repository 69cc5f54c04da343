import { FEEDBACK_REASON_LABELS } from '../feedback-reasons.js';
import { html, safeHref, type SafeHtml } from '../html.js';
import { emptyState, pager, time } from '../layout.js';
import type { ListQuery } from '../list-query.js';
import type { ConversationSummary, Transcript, TranscriptMessage } from './store.js';

export function inboxView(list: ConversationSummary[], query: ListQuery): SafeHtml {
  return html`<div class="page-head"><h1>Inbox</h1></div>
  <form method="get" action="/app/inbox" class="search" role="search">
    <label class="visually-hidden" for="inbox-q">Search conversations</label>
    <input id="inbox-q" type="search" name="q" value="${query.q ?? ''}" placeholder="Search messages or lead emails">
    <button type="submit" class="secondary">Search</button>
  </form>
  ${list.length === 0
    ? emptyState(query.q ? 'No conversation matches.' : 'No conversations yet. They appear here as soon as a visitor writes to an agent.')
    : html`<ul class="conversation-list">${list.map(
        (c) => html`<li>
          <a href="/app/inbox/${c.id}">
            <span class="preview">${c.preview ?? '(no question)'}</span>
            <span class="meta">${c.agent.name} · ${c.message_count} messages · ${time(c.last_activity_at)}${c.lead_email && html` · lead ${c.lead_email}`}</span>
          </a>
        </li>`,
      )}</ul>`}
  ${pager('/app/inbox', { q: query.q }, query.offset, query.limit, list.length)}`;
}

function blockSummary(block: unknown): string {
  const { kind, data } = (block ?? {}) as { kind?: string; data?: Record<string, unknown> };
  const detail = data?.label ?? data?.name ?? data?.code ?? data?.title ?? '';
  return `${kind ?? 'block'}${detail ? `: ${String(detail)}` : ''}`;
}

/** The visitor's thumbs up or down on an answer, with their reason. */
function feedbackBadge({ rating, reason }: NonNullable<TranscriptMessage['feedback']>): SafeHtml {
  const label = rating === 'up' ? 'Helpful' : `Not helpful${reason ? `: ${FEEDBACK_REASON_LABELS[reason as keyof typeof FEEDBACK_REASON_LABELS] ?? reason}` : ''}`;
  return html` <span class="badge ${rating === 'up' ? 'ok' : 'warn'}" data-feedback="${rating}">${label}</span>`;
}

function messageView(message: TranscriptMessage): SafeHtml {
  const sources = (message.sources as { title?: string; url?: string }[]).filter((s) => s && typeof s.url === 'string');
  return html`<li class="message ${message.role}">
    <div class="who">${message.role === 'user' ? 'Visitor' : 'Assistant'} · ${time(message.created_at)}${
      message.status !== 'complete' && html` <span class="badge warn">${message.status}</span>`
    }${message.feedback && feedbackBadge(message.feedback)}</div>
    <div class="content">${message.content}</div>
    ${message.blocks.length > 0 && html`<ul class="blocks">${message.blocks.map((block) => html`<li>${blockSummary(block)}</li>`)}</ul>`}
    ${sources.length > 0 &&
    html`<ul class="sources">${sources.map((s) => html`<li><a href="${safeHref(s.url)}" rel="noopener noreferrer" target="_blank">${s.title || s.url}</a></li>`)}</ul>`}
  </li>`;
}

export function transcriptView(t: Transcript): SafeHtml {
  return html`<dl class="facts">
    <div><dt>Agent</dt><dd><a href="/app/agents/${t.conversation.agent.id}">${t.conversation.agent.name}</a></dd></div>
    <div><dt>Started</dt><dd>${time(t.conversation.started_at)}</dd></div>
    <div><dt>Visitor</dt><dd><code>${t.conversation.visitor}</code></dd></div>
    <div><dt>Language</dt><dd>${t.conversation.locale ?? '—'}</dd></div>
    <div><dt>Tokens used</dt><dd>${t.conversation.tokens_used}</dd></div>
    ${t.leads.length > 0 && html`<div><dt>Lead</dt><dd>${t.leads.map((lead) => html`<a href="/app/leads/${lead.id}">${lead.email}</a> `)}</dd></div>`}
  </dl>
  <ol class="transcript">${t.messages.map(messageView)}</ol>`;
}

export function conversationPage(t: Transcript): SafeHtml {
  return html`<div class="page-head"><h1>Conversation</h1><a href="/app/inbox">← Inbox</a></div>
  ${transcriptView(t)}`;
}
