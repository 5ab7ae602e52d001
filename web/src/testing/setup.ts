import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor wait up to 10 s instead of 1 s: on a loaded 2-core machine a lazy import or a first
// render can take longer than a second, and a wait that gives up early fails a test that is right.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // A test file in Node's environment (`@vitest-environment node`: the prerendered pages) has no storage.
  globalThis.localStorage?.clear();
  onlineManager.setOnline(true);
});
