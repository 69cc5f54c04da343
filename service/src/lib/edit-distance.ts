/**
 * Whether two words differ by exactly one letter added, dropped or replaced, or two neighbours
 * swapped ("windw", "retrun", "ridgline"): the misspellings a shopper's question carries. Linear
 * in the words' length; words over 64 characters are never compared.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1 || a.length > 64 || b.length > 64) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
