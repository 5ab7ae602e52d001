// A test that makes the code under test print an error fails, unless it expects the error
// (vi.spyOn(console, 'error').mockImplementation(...) in the test replaces this spy).
import { afterEach, beforeEach, vi } from 'vitest';

let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const spy = console.error as unknown as { mock?: { calls: unknown[][] } };
  const unexpected = spy.mock ? calls : [];
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpected.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
