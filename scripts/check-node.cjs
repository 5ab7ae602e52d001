// Refuses to go on under a Node.js that package.json's "engines" does not allow, and says the way out.
// npm ≥ 10.9 refuses earlier, from "devEngines" (the same range); this guard (preinstall, prestart,
// pretest) speaks for older npm, and scripts/ensure-node.sh asks it which Node fits. CommonJS without
// newer syntax (no ?., ??): it must be able to speak on whatever Node a newcomer has.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const range = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).engines.node;

const parts = (version) => {
  const numbers = String(version).replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => Number(numbers[i] || 0));
};

const compare = (a, b) => {
  const i = [0, 1, 2].find((j) => a[j] !== b[j]);
  return i === undefined ? 0 : a[i] < b[i] ? -1 : 1;
};

/** The part of npm's range syntax engines uses here: space-separated comparators (>=, >, <=, <, =) and ^x.y.z. */
function satisfies(version, wanted) {
  const have = parts(version);
  return wanted
    .trim()
    .split(/\s+/)
    .every((comparator) => {
      const match = /^(\^|>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(comparator);
      if (!match) throw new Error(`check-node: cannot read the engines range "${wanted}"`);
      const bound = parts(match[2]);
      const order = compare(have, bound);
      switch (match[1]) {
        case '^':
          return have[0] === bound[0] && order >= 0;
        case '>=':
          return order >= 0;
        case '>':
          return order > 0;
        case '<=':
          return order <= 0;
        case '<':
          return order < 0;
        default:
          return order === 0;
      }
    });
}

module.exports = { satisfies, range };

if (require.main === module && !satisfies(process.versions.node, range)) {
  if (!process.argv.includes('--quiet')) {
    console.error(
      [
        '',
        `Shohrat needs Node.js ${range} (package.json "engines"); this is Node ${process.version} at ${process.execPath}.`,
        'Put Node 22 first on PATH in this shell (installed into .tools/ from the npm registry if missing):',
        '',
        '    . scripts/ensure-node.sh',
        '',
        'then run the command again.',
        '',
      ].join('\n'),
    );
  }
  process.exit(1);
}
