// The lead form (contract section 4, POST /v1/widget/leads): email, optional name, and the agent's
// marketing-consent checkbox, unchecked until the visitor ticks it.

import { submitLead, type LeadRequest } from '@storefront-assistant/client';
import { h, listen } from '../dom.js';
import type { PanelHost } from '../types.js';
import { describeFailure, fieldErrors, toFailure } from './errors.js';
import { TEXT } from './strings.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createLeadForm(host: PanelHost, consentText: string | undefined, onClose: () => void): HTMLFormElement {
  const email = h('input', { type: 'email', name: 'email', required: true, autocomplete: 'email', maxlength: 254, 'data-testid': 'sa-lead-email' });
  const name = h('input', { type: 'text', name: 'name', autocomplete: 'name', maxlength: 200, 'data-testid': 'sa-lead-name' });
  const consent = consentText ? h('input', { type: 'checkbox', name: 'consent', 'data-testid': 'sa-lead-consent' }) : null;
  const error = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'sa-lead-error' });
  const submit = h('button', { type: 'submit', class: 'btn', 'data-testid': 'sa-lead-submit' }, TEXT.leadSubmit);
  const dismiss = h('button', { type: 'button', class: 'btn btn-quiet' }, TEXT.leadDismiss);
  const form = h(
    'form',
    { class: 'card lead', novalidate: true, 'data-testid': 'sa-lead-form' },
    h('p', { class: 'lead-title' }, TEXT.leadTitle),
    h('label', {}, TEXT.leadEmail, email),
    h('label', {}, TEXT.leadName, name),
    consent && h('label', { class: 'consent' }, consent, h('span', {}, consentText)),
    error,
    h('div', { class: 'actions' }, submit, dismiss),
  );

  listen(dismiss, 'click', () => {
    host.track('dismiss', { target: 'lead_form' });
    form.remove();
    onClose();
  });

  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const address = email.value.trim();
    if (!EMAIL.test(address)) {
      error.textContent = TEXT.leadInvalidEmail;
      email.setAttribute('aria-invalid', 'true');
      email.focus();
      return;
    }
    email.removeAttribute('aria-invalid');
    error.textContent = '';
    submit.disabled = true;
    submit.textContent = TEXT.leadSending;
    try {
      const body: LeadRequest = { email: address };
      if (name.value.trim()) body.name = name.value.trim();
      if (consent) body.consent = { marketing: consent.checked };
      const result = await host.session.withToken((client) => submitLead(client, body));
      host.remember({ lead_done: true });
      host.emit('lead', { leadId: result.lead_id, created: result.created === true });
      form.replaceWith(h('p', { class: 'card lead-done', role: 'status', 'data-testid': 'sa-lead-done' }, TEXT.leadThanks));
      onClose();
    } catch (caught) {
      const failure = toFailure(caught);
      const fields = fieldErrors(failure);
      error.textContent = fields.email ?? fields.name ?? describeFailure(failure).text;
      submit.disabled = false;
      submit.textContent = TEXT.leadSubmit;
    }
  });
  return form;
}
