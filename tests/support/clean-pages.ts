// Every stack and browser test file ends by checking that none of its pages threw an uncaught error or
// had the Content-Security-Policy or Permissions-Policy refuse something while its tests ran
// (tests/e2e/browser.ts records both for every page it opens), whether or not the file asks itself.
// What is recorded after the last test, while the file's pages are closed (an offline page's Firebase
// giving up a request as it goes), is not the app at work: the check takes the record as each test ends.
import { afterAll, afterEach, expect } from 'vitest';
import { pageErrors, policyViolations } from '../e2e/browser';

let errors: string[] = [];
let violations: string[] = [];
afterEach(() => {
  errors = [...pageErrors];
  violations = [...policyViolations];
});

afterAll(() => {
  expect(errors, 'uncaught errors in the pages').toEqual([]);
  expect(violations, 'what the security policies refused in the pages').toEqual([]);
});
