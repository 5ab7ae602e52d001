// The order test files start in: the files with a test tagged `slow` first (a minute of waiting that
// the other workers fill), then the emulator files (they wait on the emulators more than they compute),
// then the larger files first. Without this, a fresh clone (no timings cached) could start its
// minute-long files last and end on them alone.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const rank = (spec: TestSpecification): number => {
  const text = readFileSync(spec.moduleId, 'utf8');
  if (/tags: \[[^\]]*'slow'/.test(text)) return 0;
  return spec.project.name.startsWith('emulator') ? 1 : 2;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sizes = new Map(files.map((spec) => [spec, readFileSync(spec.moduleId).length]));
    const ranks = new Map(files.map((spec) => [spec, rank(spec)]));
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (ranks.get(a) ?? 2) - (ranks.get(b) ?? 2) ||
        (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0),
    );
  }
}
