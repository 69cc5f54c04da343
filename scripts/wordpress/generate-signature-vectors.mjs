#!/usr/bin/env node
// Writes wordpress-plugin/tests/vectors/signature-vectors.json: expected values computed with
// node:crypto, checked by the plugin's PHPUnit tests and by the service's vitest suite, so that
// both implementations of X-Service-Signature and of the shopper JWT agree byte for byte.
// Usage: node scripts/wordpress/generate-signature-vectors.mjs
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '../../wordpress-plugin/tests/vectors/signature-vectors.json');

const hmacHex = (key, message) => createHmac('sha256', key).update(message).digest('hex');
const sign = (key, timestamp, body) => hmacHex(key, `${timestamp}.${body}`);
const base64url = (value) => Buffer.from(value).toString('base64url');

const signatures = [
  { name: 'service to plugin, JSON body', key: 'sss_test_secret_0123456789', timestamp: 1700000000, body: '{"user_id":42}' },
  {
    name: 'plugin to service, bearer token as key',
    key: 'svc_abcdefghijklmnopqrstuvwxyz012345',
    timestamp: 1700000123,
    body: '{"items":[{"wp_id":1,"title":"Hello"}]}',
  },
  { name: 'empty body', key: 'sss_k', timestamp: 1, body: '' },
  {
    name: 'unicode, slashes and newlines are signed as raw bytes',
    key: 'sss_ünïcødé',
    timestamp: 1735689600,
    body: '{"title":"Crème brûlée \\/ 東京","note":"line1\\nline2"}\n',
  },
].map((v) => ({ ...v, expected: sign(v.key, v.timestamp, v.body) }));

// Verification cases: `now` is the verifier's clock; `keys` are the accepted secrets.
const key = 'sss_verify_key';
const now = 1700000000;
const body = '{"email":"ada@example.com","lead_id":"l_1","conversation_id":"c_1"}';
const good = sign(key, now, body);
const verification = [
  { name: 'valid', header: `t=${now},v1=${good}`, expected: 'valid' },
  { name: 'valid with spaces after commas', header: `t=${now}, v1=${good}`, expected: 'valid' },
  { name: 'valid with upper-case hex', header: `t=${now},v1=${good.toUpperCase()}`, expected: 'valid' },
  { name: 'valid when any v1 matches (rotation)', header: `t=${now},v1=${'0'.repeat(64)},v1=${good}`, expected: 'valid' },
  { name: 'unknown schemes are ignored', header: `t=${now},v0=abc,v1=${good}`, expected: 'valid' },
  { name: 'valid at exactly 300 s in the past', header: `t=${now - 300},v1=${sign(key, now - 300, body)}`, expected: 'valid' },
  { name: 'valid at exactly 300 s in the future', header: `t=${now + 300},v1=${sign(key, now + 300, body)}`, expected: 'valid' },
  { name: 'valid with a second accepted key', keys: ['sss_other', key], header: `t=${now},v1=${good}`, expected: 'valid' },
  { name: 'expired (t - 400)', header: `t=${now - 400},v1=${sign(key, now - 400, body)}`, expected: 'signature_expired' },
  { name: 'future (t + 400)', header: `t=${now + 400},v1=${sign(key, now + 400, body)}`, expected: 'signature_expired' },
  { name: 'tampered body', header: `t=${now},v1=${good}`, body: body.replace('ada@', 'eve@'), expected: 'invalid_signature' },
  { name: 'wrong key', header: `t=${now},v1=${sign('sss_wrong', now, body)}`, expected: 'invalid_signature' },
  { name: 'timestamp not covered by the signature', header: `t=${now - 1},v1=${good}`, expected: 'invalid_signature' },
  { name: 'missing header', header: null, expected: 'invalid_signature' },
  { name: 'empty header', header: '', expected: 'invalid_signature' },
  { name: 'no timestamp', header: `v1=${good}`, expected: 'invalid_signature' },
  { name: 'two timestamps', header: `t=${now},t=${now},v1=${good}`, expected: 'invalid_signature' },
  { name: 'non-numeric timestamp', header: `t=${now}a,v1=${good}`, expected: 'invalid_signature' },
  { name: 'negative timestamp', header: `t=-${now},v1=${good}`, expected: 'invalid_signature' },
  { name: 'no v1', header: `t=${now}`, expected: 'invalid_signature' },
  { name: 'v1 too short', header: `t=${now},v1=${good.slice(0, 63)}`, expected: 'invalid_signature' },
  { name: 'v1 not hex', header: `t=${now},v1=${'z'.repeat(64)}`, expected: 'invalid_signature' },
  { name: 'part without =', header: `t=${now},${good}`, expected: 'invalid_signature' },
  { name: 'no accepted key', keys: [], header: `t=${now},v1=${good}`, expected: 'invalid_signature' },
].map((c) => ({ name: c.name, keys: c.keys ?? [key], now, header: c.header, body: c.body ?? body, expected: c.expected }));

// Shopper tokens: header and claims serialized exactly as JSON.stringify does (keys in this order,
// no escaped slashes or non-ASCII characters).
const jwtHeader = { alg: 'HS256', typ: 'JWT' };
const jwt = [
  {
    name: 'logged-in shopper',
    key: 'sss_test_secret_0123456789',
    claims: { sub: '42', sid: '42', email: 'ada@example.com', iat: 1700000000, exp: 1700003600 },
  },
  { name: 'guest with a shop session', key: 'sss_test_secret_0123456789', claims: { sid: 't_5f2b8c1d9e', iat: 1700000000, exp: 1700086400 } },
  { name: 'non-ASCII e-mail and slash', key: 'sss_ünïcødé', claims: { sub: '7', email: 'zoë/ops@exämple.com', iat: 1735689600, exp: 1735693200 } },
].map((v) => {
  const input = `${base64url(JSON.stringify(jwtHeader))}.${base64url(JSON.stringify(v.claims))}`;
  return { ...v, header: jwtHeader, expected: `${input}.${createHmac('sha256', v.key).update(input).digest('base64url')}` };
});

writeFileSync(out, `${JSON.stringify({ signatures, verification, jwt }, null, 2)}\n`);
console.log(`wrote ${out}`);
