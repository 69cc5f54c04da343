/**
 * Facts read from what the visitor typed. Tools trust these (and the verified shopper binding)
 * instead of the model's arguments: a value counts as the visitor's only if it appears in the
 * visitor's own messages, never in content, page context or tool results.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/** Email addresses in a message, lower-cased. */
export function emailsIn(text: string): string[] {
  return (text.match(EMAIL) ?? []).map((email) => email.toLowerCase());
}

/**
 * Candidate order numbers in a message, lower-cased: tokens with a digit ("1042", "#1042",
 * "WC-1042") and their digit runs of three or more ("1042" from "WC-1042"), so that a model
 * quoting either form still matches.
 */
export function orderNumbersIn(text: string): string[] {
  const withoutEmails = asciiDigits(text.replace(EMAIL, ' '));
  const numbers = new Set<string>();
  for (const token of withoutEmails.match(/[\p{L}\p{N}-]*\p{N}[\p{L}\p{N}-]*/gu) ?? []) {
    const clean = token.replace(/^-+|-+$/g, '').toLowerCase();
    if (clean.length >= 3) numbers.add(clean);
    for (const digits of clean.match(/\d{3,}/g) ?? []) numbers.add(digits);
  }
  return [...numbers];
}

/** Arabic-Indic and Persian digits as ASCII, so "١٠٤٢" and "1042" are the same order number. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}
