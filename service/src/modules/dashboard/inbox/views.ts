import { FEEDBACK_REASON_LABELS } from '../feedback-reasons.js';
import type { HandoffState } from '../../../db/schema.js';
import { can } from '../../auth/permissions.js';
import type { UserSession } from '../../auth/sessions.js';
import { html, safeHref, type SafeHtml } from '../html.js';
import { csrfField, emptyState, pager, time } from '../layout.js';
import type { ListQuery } from '../list-query.js';
import { INBOX_FILTERS, type ConversationSummary, type InboxFilter, type Transcript, type TranscriptMessage } from './store.js';

const STATE_LABELS: Record<HandoffState, string> = {
  bot: 'Assistant',
  waiting_for_human: 'Waiting for a person',
  human: 'With a person',
  resolved: 'Resolved',
};
const FILTER_LABELS: Record<InboxFilter, string> = { waiting: 'Waiting', mine: 'Mine', unassigned: 'Unassigned', resolved: 'Resolved' };

function stateBadge(state: HandoffState): SafeHtml {
  return html`<span class="badge ${state === 'waiting_for_human' ? 'warn' : state === 'human' ? 'ok' : ''}" data-state="${state}">${STATE_LABELS[state]}</span>`;
}

export function inboxView(list: ConversationSummary[], query: ListQuery & { filter?: InboxFilter | undefined; language?: string | undefined }): SafeHtml {
  const filterHref = (filter: InboxFilter | undefined) => {
    const params = new URLSearchParams();
    if (filter) params.set('filter', filter);
    if (query.q) params.set('q', query.q);
    if (query.agent_id) params.set('agent_id', query.agent_id);
    if (query.language) params.set('language', query.language);
    const search = params.toString();
    return `/app/inbox${search ? `?${search}` : ''}`;
  };
  return html`<div class="page-head"><h1>Inbox</h1></div>
  <nav class="filters" aria-label="Filter conversations">
    <a href="${filterHref(undefined)}" ${!query.filter && html`aria-current="page"`}>All</a>
    ${INBOX_FILTERS.map((filter) => html`<a href="${filterHref(filter)}" ${query.filter === filter && html`aria-current="page"`}>${FILTER_LABELS[filter]}</a>`)}
  </nav>
  <form method="get" action="/app/inbox" class="search" role="search">
    ${query.filter && html`<input type="hidden" name="filter" value="${query.filter}">`}
    <label class="visually-hidden" for="inbox-q">Search conversations</label>
    <input id="inbox-q" type="search" name="q" value="${query.q ?? ''}" placeholder="Search messages or lead emails" accesskey="/">
    <label class="visually-hidden" for="inbox-language">Language</label>
    <input id="inbox-language" name="language" value="${query.language ?? ''}" placeholder="Language (de, fr…)" size="10">
    <button type="submit" class="secondary">Search</button>
  </form>
  ${
    list.length === 0
      ? emptyState(query.q ? 'No conversation matches.' : 'No conversations yet. They appear here as soon as a visitor writes to an agent.')
      : html`<ul class="conversation-list">${list.map(
          (c) => html`<li>
          <a href="/app/inbox/${c.id}" data-conversation="${c.id}">
            <span class="preview">${c.preview ?? '(no question)'}</span>
            <span class="meta">${stateBadge(c.handoff_state)} ${c.agent.name} · ${c.message_count} messages · ${time(c.last_activity_at)}${c.locale && html` · ${c.locale}`}${c.assignee && html` · ${c.assignee.name}`}${c.lead_email && html` · lead ${c.lead_email}`}</span>
          </a>
        </li>`,
        )}</ul>`
  }
  ${pager('/app/inbox', { q: query.q, filter: query.filter, language: query.language }, query.offset, query.limit, list.length)}`;
}

function blockSummary(block: unknown): string {
  const { kind, data } = (block ?? {}) as { kind?: string; data?: Record<string, unknown> };
  const detail = data?.label ?? data?.name ?? data?.code ?? data?.title ?? '';
  return `${kind ?? 'block'}${detail ? `: ${String(detail)}` : ''}`;
}

/** The visitor's thumbs up or down on an answer, with their reason. */
function feedbackBadge({ rating, reason }: NonNullable<TranscriptMessage['feedback']>): SafeHtml {
  const label =
    rating === 'up' ? 'Helpful' : `Not helpful${reason ? `: ${FEEDBACK_REASON_LABELS[reason as keyof typeof FEEDBACK_REASON_LABELS] ?? reason}` : ''}`;
  return html` <span class="badge ${rating === 'up' ? 'ok' : 'warn'}" data-feedback="${rating}">${label}</span>`;
}

function messageView(message: TranscriptMessage): SafeHtml {
  const sources = (message.sources as { title?: string; url?: string }[]).filter((s) => s && typeof s.url === 'string');
  return html`<li class="message ${message.role}">
    <div class="who">${message.role === 'user' ? 'Visitor' : message.role === 'team' ? (message.author ?? 'Team') : 'Assistant'} · ${time(message.created_at)}${
      message.status !== 'complete' && html` <span class="badge warn">${message.status}</span>`
    }${message.feedback && feedbackBadge(message.feedback)}</div>
    <div class="content" dir="auto">${message.content}</div>
    ${
      message.blocks.length > 0 &&
      html`<ul class="blocks" aria-label="Shown with the answer">${message.blocks.map(
        (block) => html`<li data-block-kind="${(block as { kind?: string } | null)?.kind ?? 'block'}">${blockSummary(block)}</li>`,
      )}</ul>`
    }
    ${
      sources.length > 0 &&
      html`<ul class="sources">${sources.map((s) => html`<li><a href="${safeHref(s.url)}" rel="noopener noreferrer" target="_blank">${s.title || s.url}</a></li>`)}</ul>`
    }
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

const TRIGGERS: Record<string, string> = {
  visitor: 'the visitor asked for a person',
  escalation_button: 'the visitor pressed the escalation button',
  model_escalate: 'the assistant escalated',
  offline_escalate: 'the assistant escalated',
  low_confidence: 'the assistant was unsure twice',
  team_reply: 'a reply of the team',
  team_resolve: 'resolved by the team',
  team_hand_back: 'handed back by the team',
  idle: 'nobody of the team wrote for a while',
  visitor_returned: 'the visitor wrote again',
};

function historyItem(event: Transcript['handoff']['events'][number]): SafeHtml {
  const when = time(event.created_at);
  if (event.kind === 'note') return html`<li class="note">${when} · <strong>${event.actor ?? 'Team'}</strong> (internal note): ${event.body}</li>`;
  if (event.kind === 'unavailable')
    return html`<li>${when} · A person was asked for (${TRIGGERS[event.trigger ?? ''] ?? event.trigger}), but nobody was available${event.body === 'outside_office_hours' ? ' (outside office hours)' : ''}.</li>`;
  if (event.kind === 'assigned') return html`<li>${when} · Assigned to ${event.assignee ?? 'a former member'}${event.actor && html` by ${event.actor}`}.</li>`;
  if (event.kind === 'unassigned') return html`<li>${when} · Unassigned${event.actor && html` by ${event.actor}`}.</li>`;
  return html`<li>${when} · ${STATE_LABELS[event.from_state ?? 'bot']} → ${STATE_LABELS[event.to_state ?? 'bot']} (${TRIGGERS[event.trigger ?? ''] ?? event.trigger}${event.actor && html`, ${event.actor}`}).</li>`;
}

/** The team's controls: only for members who may reply; a viewer reads. */
function teamControls(t: Transcript, session: UserSession): SafeHtml {
  if (!can(session.role, 'conversation-reply')) return html`<p class="muted">Your role (${session.role}) can read this conversation but not reply.</p>`;
  const base = `/app/inbox/${t.conversation.id}`;
  const state = t.handoff.state;
  const mine = t.handoff.assignee?.id === session.user.id;
  const button = (action: string, label: string, kind = 'secondary') =>
    html`<form method="post" action="${base}/${action}" class="inline">${csrfField(session)}<button type="submit" class="${kind}">${label}</button></form>`;
  return html`<section class="team-reply" aria-label="Reply as the store">
    <form method="post" action="${base}/reply" id="reply-form">
      ${csrfField(session)}
      <label for="reply-text">Reply to the visitor${state !== 'human' && html` (you take the conversation over; the assistant stays silent)`}</label>
      <textarea id="reply-text" name="text" rows="3" maxlength="4000" required aria-describedby="reply-hint"></textarea>
      <p id="reply-hint" class="muted">Ctrl+Enter sends.</p>
      <button type="submit">Send reply</button>
    </form>
    <div class="actions">
      ${mine ? button('unassign', 'Unassign me') : button('assign', 'Assign to me')}
      ${state !== 'resolved' && button('resolve', 'Resolve')}
      ${state !== 'bot' && button('hand-back', 'Hand back to the assistant')}
    </div>
    <form method="post" action="${base}/note" id="note-form">
      ${csrfField(session)}
      <label for="note-text">Internal note (the visitor never sees it)</label>
      <textarea id="note-text" name="text" rows="2" maxlength="4000" required></textarea>
      <button type="submit" class="secondary">Add note</button>
    </form>
  </section>`;
}

export function conversationPage(t: Transcript, session: UserSession): SafeHtml {
  return html`<div class="page-head"><h1>Conversation</h1><a href="/app/inbox">← Inbox</a></div>
  <p data-live-conversation="${t.conversation.id}">${stateBadge(t.handoff.state)}${t.handoff.assignee && html` · ${t.handoff.assignee.name}`}</p>
  ${transcriptView(t)}
  ${teamControls(t, session)}
  ${t.handoff.events.length > 0 && html`<section aria-label="History"><h2>History and notes</h2><ol class="history">${t.handoff.events.map(historyItem)}</ol></section>`}`;
}
