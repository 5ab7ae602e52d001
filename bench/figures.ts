export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget as text ("≤ 1.5") and whether the value meets it. */
  budget?: string;
  pass?: boolean;
  note?: string;
}

export function withBudget(figure: Omit<Figure, 'budget' | 'pass'>, op: '<=' | '>=', limit: number): Figure {
  const pass = Number.isFinite(figure.value) && (op === '<=' ? figure.value <= limit : figure.value >= limit);
  return { ...figure, budget: `${op === '<=' ? '≤' : '≥'} ${limit}`, pass };
}

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));

function rows(figures: Figure[]): string[][] {
  return figures.map((f) => [
    f.name,
    `${format(f.value)} ${f.unit}`.trim(),
    f.budget ?? '—',
    f.pass === undefined ? '—' : f.pass ? 'pass' : 'FAIL',
    f.note ?? '',
  ]);
}

const HEADER = ['Figure', 'Value', 'Budget', 'Result', 'Note'];

export function renderMarkdown(figures: Figure[], when: string): string {
  const lines = [
    '# Benchmark results',
    '',
    `Run ${when} on the local emulator stack. Emulator figures track regressions and ratios measured in the same run; they are not production latency (the Firestore emulator is slower than Firestore, most of all under contention).`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows(figures).map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}

export function renderTable(figures: Figure[]): string {
  const all = [HEADER, ...rows(figures)];
  const widths = HEADER.map((_, i) => Math.min(70, Math.max(...all.map((r) => (r[i] ?? '').length))));
  return all.map((r) => r.map((c, i) => c.slice(0, 70).padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}
