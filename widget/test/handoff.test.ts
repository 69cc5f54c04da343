import { describe, expect, it } from 'vitest';
import { handoffHref } from '../src/panel/blocks.js';

describe('handoffHref', () => {
  it('leads to the agent’s page or address', () => {
    expect(handoffHref({ type: 'url', value: 'https://shop.example/contact' })).toBe('https://shop.example/contact');
    expect(handoffHref({ type: 'email', value: ' help@shop.example ' })).toBe('mailto:help@shop.example');
  });

  it('refuses what the link policy refuses, and mailto headers smuggled into an address', () => {
    expect(handoffHref({ type: 'url', value: 'javascript:alert(1)' })).toBeNull();
    expect(handoffHref({ type: 'email', value: 'help@shop.example?bcc=all@evil.example' })).toBeNull();
  });

  it('is nothing for the lead form or no hand-off', () => {
    expect(handoffHref({ type: 'lead_form' })).toBeNull();
    expect(handoffHref(undefined)).toBeNull();
  });
});
