// Every stack and browser test file ends by checking that none of its pages threw an uncaught error or
// had the Content-Security-Policy or Permissions-Policy refuse something (tests/e2e/browser.ts records
// both for every page it opens), whether or not the file asks itself.
import { afterAll, expect } from 'vitest';
import { pageErrors, policyViolations } from '../e2e/browser';

afterAll(() => {
  expect(pageErrors, 'uncaught errors in the pages').toEqual([]);
  expect(policyViolations, 'what the security policies refused in the pages').toEqual([]);
});
