// The lead form (contract section 4, POST /v1/widget/leads): the email first and alone; the name
// behind "add your name (optional)"; the agent's marketing-consent checkbox, unchecked until the
// visitor ticks it. It stands in for the composer while open (one Send button on screen), and a
// dismissed form leaves nothing behind.

import { submitLead, type LeadRequest } from '@storefront-assistant/client';
import { h, listen } from '../dom.js';
import type { Translator } from '../i18n/translator.js';
import type { PanelHost } from '../types.js';
import { describeFailure, fieldErrors, toFailure } from './errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LeadFormEnd = 'sent' | 'dismissed';

export function createLeadForm(host: PanelHost, t: Translator, consentText: string | undefined, onEnd: (end: LeadFormEnd) => void): HTMLFormElement {
  const email = h('input', {
    type: 'email',
    name: 'email',
    required: true,
    autocomplete: 'email',
    maxlength: 254,
    'aria-label': t.text('leadEmail'),
    placeholder: t.text('leadEmail'),
    'data-testid': 'sa-lead-email',
  });
  const name = h('input', { type: 'text', name: 'name', autocomplete: 'name', maxlength: 200, 'data-testid': 'sa-lead-name' });
  const more = h('details', { class: 'lead-more' }, h('summary', {}, t.text('leadMoreDetails')), h('label', {}, t.text('leadName'), name));
  const consent = consentText ? h('input', { type: 'checkbox', name: 'consent', 'data-testid': 'sa-lead-consent' }) : null;
  const error = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'sa-lead-error' });
  const submit = h('button', { type: 'submit', class: 'btn', 'data-testid': 'sa-lead-submit' }, t.text('leadSubmit'));
  const dismiss = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': 'sa-lead-dismiss' }, t.text('leadDismiss'));
  const form = h(
    'form',
    { class: 'lead', novalidate: true, 'data-testid': 'sa-lead-form' },
    h('p', { class: 'lead-title' }, t.text('leadTitle')),
    h('div', { class: 'lead-row' }, email, submit),
    more,
    consent && h('label', { class: 'consent' }, consent, h('span', { dir: 'auto' }, consentText)),
    error,
    h('div', { class: 'actions' }, dismiss),
  );

  listen(dismiss, 'click', () => {
    host.track('dismiss', { target: 'lead_form' });
    form.remove();
    onEnd('dismissed');
  });

  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const address = email.value.trim();
    if (!EMAIL.test(address)) {
      error.textContent = t.text('leadInvalidEmail');
      email.setAttribute('aria-invalid', 'true');
      email.focus();
      return;
    }
    email.removeAttribute('aria-invalid');
    error.textContent = '';
    submit.disabled = true;
    submit.textContent = t.text('leadSending');
    try {
      const body: LeadRequest = { email: address };
      if (name.value.trim()) body.name = name.value.trim();
      if (consent) body.consent = { marketing: consent.checked };
      const result = await host.session.withToken((client) => submitLead(client, body));
      host.remember({ lead_done: true });
      host.emit('lead', { leadId: result.lead_id, created: result.created === true });
      form.remove();
      onEnd('sent');
    } catch (caught) {
      const failure = toFailure(caught);
      // The service's per-field messages are English: the visitor gets the panel's own wording.
      error.textContent = t.text(fieldErrors(failure).email ? 'leadInvalidEmail' : describeFailure(failure).text);
      submit.disabled = false;
      submit.textContent = t.text('leadSubmit');
    }
  });
  return form;
}
