// `npm run lock:functions`: rewrite functions/package-lock.json after functions/package.json or the root
// lockfile changed. `-- --check` (a step of `npm test`): verify it and run `npm ci` on a copy of functions/.
import { checkFunctionsLockfile, writeFunctionsLockfile } from './lib/functions-lockfile';

const check = process.argv.includes('--check');
const problems = check ? checkFunctionsLockfile() : writeFunctionsLockfile();
if (problems.length > 0) {
  console.error(
    check
      ? `functions/package-lock.json is out of step (run \`npm run lock:functions\`):\n${problems.join('\n')}`
      : `functions/package-lock.json written, but it locks versions the root lockfile does not install:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(check ? 'functions/package-lock.json is in step, and npm ci accepts it.' : 'functions/package-lock.json written.');
