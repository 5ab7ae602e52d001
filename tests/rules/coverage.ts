// The emulator's rule coverage for the rules project, saved (HTML as firebase-tools links it, and JSON)
// and judged: every allow condition and helper body must have come out both allowing and denying (an
// error is a denial too). The emulator resets the counts whenever rules load (initializeTestEnvironment
// does), so only this run's tests are judged.
import { mkdir, writeFile } from 'node:fs/promises';
import { firestoreEmulator, PROJECT_ID } from './rules-env';

export const COVERAGE_DIR = 'test-results/rules-coverage';

interface CoverageValue {
  value: { boolValue?: boolean; undefined?: unknown } & Record<string, unknown>;
  count: number;
}
interface CoverageNode {
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  values?: CoverageValue[];
  children?: CoverageNode[];
}
export interface CoverageReport {
  rules: { files: { content: string; name?: string }[] };
  report?: CoverageNode[];
}

/** One guarded expression of the rules: an allow condition or a helper's return expression. */
export interface Condition {
  /** e.g. `line 35: allow get: if isOwner(uid) || isAdmin()` */
  label: string;
  line: number;
  column: number;
  /** The methods an allow statement names (`get`, `read`…); empty for a helper. */
  methods: string[];
  /** How many evaluations allowed (true), denied (false) and errored (also a denial). */
  allowed: number;
  denied: number;
  errored: number;
  unconditional: boolean;
}

const coverageUrl = (format: '' | '.html') => {
  const { host, port } = firestoreEmulator();
  return `http://${host}:${port}/emulator/v1/projects/${PROJECT_ID}:ruleCoverage${format}`;
};

export async function fetchCoverage(): Promise<CoverageReport> {
  const res = await fetch(coverageUrl(''));
  if (!res.ok) throw new Error(`GET ${coverageUrl('')}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as CoverageReport;
}

/** Finds every allow condition and helper body in the rules source, with what the report says of it. */
export function conditions(report: CoverageReport): Condition[] {
  const source = report.rules.files[0]?.content;
  if (!source) throw new Error('the coverage report carries no rules source');
  // Blank out comments (keeping every position) so prose mentioning `allow` is not parsed.
  const code = source.replace(/\/\/[^\n]*/g, (comment) => ' '.repeat(comment.length));
  const allows = [...code.matchAll(/\ballow\s+([a-z, ]+?)\s*:\s*if\s+([^;]+?)\s*;/dg)];
  const allowKeywords = code.match(/\ballow\b/g)?.length ?? 0;
  if (allows.length !== allowKeywords) {
    throw new Error(`parsed ${allows.length} of ${allowKeywords} allow statements: write each as \`allow <methods>: if <condition>;\``);
  }
  const helpers = [...code.matchAll(/\bfunction\s+(\w+\([^)]*\))\s*\{\s*return\s+([^;]+?)\s*;/dg)];
  return [...allows, ...helpers]
    .map((match) => {
      const [statement, subject = '', expression = ''] = match;
      const before = code.slice(0, match.indices?.[2]?.[0] ?? 0).split('\n');
      const line = before.length;
      const column = (before.at(-1)?.length ?? 0) + 1;
      const node = report.report?.find((n) => n.sourcePosition.line === line && n.sourcePosition.column === column);
      const count = (test: (v: CoverageValue['value']) => boolean) =>
        (node?.values ?? []).filter((v) => test(v.value)).reduce((sum, v) => sum + v.count, 0);
      const isAllow = statement.startsWith('allow');
      return {
        label: `line ${line}: ${isAllow ? `allow ${subject}: if` : `function ${subject}: return`} ${expression.replace(/\s+/g, ' ')}`,
        line,
        column,
        methods: isAllow ? subject.split(/[\s,]+/).filter(Boolean) : [],
        allowed: count((v) => v.boolValue === true),
        denied: count((v) => v.boolValue === false),
        errored: count((v) => 'undefined' in v),
        // `if true` is not instrumented (no node in the tree): the matrix tests alone prove it allows.
        unconditional: expression === 'true',
      };
    })
    .sort((a, b) => a.line - b.line);
}

const READ_METHODS = new Set(['read', 'get', 'list']);

/**
 * What keeps the rules from being fully exercised, as readable lines: a condition never seen allowing
 * or never seen denying, or an unconditional (`if true`) allow on anything but a read.
 */
export function uncoveredConditions(report: CoverageReport): string[] {
  return conditions(report).flatMap((c) => {
    if (c.unconditional) {
      return c.methods.every((m) => READ_METHODS.has(m)) ? [] : [`${c.label} (unconditional write)`];
    }
    const missing = [c.allowed === 0 && 'never allowed', c.denied + c.errored === 0 && 'never denied'].filter(Boolean);
    return missing.length > 0 ? [`${c.label} (${missing.join(', ')})`] : [];
  });
}

/** Writes the HTML and JSON reports and a one-line-per-condition summary under test-results/rules-coverage/. */
export async function saveCoverageReport(): Promise<void> {
  await mkdir(COVERAGE_DIR, { recursive: true });
  const html = await fetch(coverageUrl('.html'));
  if (!html.ok) throw new Error(`GET ${coverageUrl('.html')}: HTTP ${html.status}`);
  await writeFile(`${COVERAGE_DIR}/firestore-rules-coverage.html`, await html.text());
  const report = await fetchCoverage();
  await writeFile(`${COVERAGE_DIR}/firestore-rules-coverage.json`, JSON.stringify(report, null, 2));
  const summary = conditions(report).map((c) =>
    c.unconditional
      ? `${c.label}\n    unconditional: not instrumented by the emulator; allowing reads are asserted by the tests`
      : `${c.label}\n    allowed ${c.allowed}, denied ${c.denied}, denied by error ${c.errored}`,
  );
  await writeFile(`${COVERAGE_DIR}/summary.txt`, `${summary.join('\n')}\n`);
}
