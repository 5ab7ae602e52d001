// Numbers as people read them here: "1,234,567" (en-US grouping), the way every message and amount
// writes them. Written out rather than `toLocaleString('en-US')`: a page's first call of that builds
// ICU's number format, 15–20 ms of a fast machine's main thread (×4 on a phone), and the shared schemas
// called it while their module loaded, in the middle of /order's first seconds (docs/decisions/0014).

/** `n` with its thousands grouped by commas, exactly as `n.toLocaleString('en-US')` writes it. */
export function formatNumber(n: number): string {
  // Integers are all the app writes; anything else (fractions, NaN, ±Infinity) goes to ICU as before.
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${group},${grouped}` : group;
  }
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}
