// The Storage emulator's Java "rules runtime", which firebase-tools downloads on first use and these
// machines cannot: built from scripts/storage-rules-runtime/StorageRulesRuntime.java (the same stdin/stdout
// protocol) on the rules engine in the Cloud SDK's Firestore emulator jar (docs/decisions/0003), and put
// where firebase-tools looks, under the name of the jar it would have downloaded.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StorageRulesRuntimeEnv {
  FIREBASE_EMULATORS_PATH: string;
  PATH: string;
}

function realJava(): string {
  return execFileSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' }).trim();
}

function runtimeJarName(root: string): string {
  const info = JSON.parse(
    readFileSync(join(root, 'node_modules', 'firebase-tools', 'lib', 'emulator', 'downloadableEmulatorInfo.json'), 'utf8'),
  ) as { storage: { downloadPathRelativeToCacheDir: string } };
  return info.storage.downloadPathRelativeToCacheDir;
}

/**
 * Builds the rules runtime (once per change of its source) and returns the environment firebase-tools
 * needs to use it. `engineJar` is the Cloud SDK Firestore emulator's jar; `javaMajor` the installed Java's.
 */
export function prepareStorageRulesRuntime(root: string, engineJar: string, javaMajor: number): StorageRulesRuntimeEnv {
  const dir = join(root, '.emulators', 'bin');
  const jar = join(dir, runtimeJarName(root));
  const source = join(root, 'scripts', 'storage-rules-runtime', 'StorageRulesRuntime.java');
  mkdirSync(dir, { recursive: true });
  const stale = !existsSync(jar) || statSync(jar).mtimeMs < statSync(source).mtimeMs;
  if (stale) {
    // A build per process, so two runs starting together never write one folder at once.
    const classes = join(dir, `classes-${process.pid}`);
    rmSync(classes, { recursive: true, force: true });
    // -proc:none: the engine jar lists annotation processors it does not contain.
    execFileSync('javac', ['-proc:none', '-nowarn', '-d', classes, '-cp', engineJar, source], { stdio: 'pipe' });
    const manifest = join(classes, 'MANIFEST.MF');
    writeFileSync(
      manifest,
      `Main-Class: com.google.cloud.datastore.emulator.impl.rules.StorageRulesRuntime\nClass-Path: ${new URL(`file://${engineJar}`).href}\n`,
    );
    const built = `${jar}.${process.pid}`;
    execFileSync('jar', ['cfm', built, manifest, '-C', classes, 'com'], { stdio: 'pipe' });
    execFileSync('mv', ['-f', built, jar]);
    rmSync(classes, { recursive: true, force: true });
  }
  let path = process.env.PATH ?? '';
  // firebase-tools starts no Java-backed emulator below Java 21, though this runtime runs on the Java
  // installed: a `java` first on its PATH answers the version probe as 21 and runs the real one otherwise.
  if (javaMajor < 21) {
    const shimDir = join(dir, 'java-version-21');
    mkdirSync(shimDir, { recursive: true });
    const shim = join(shimDir, 'java');
    writeFileSync(
      shim,
      `#!/bin/sh\n# Written by scripts/lib/storage-rules-runtime.ts: firebase-tools' Java version probe gets 21; everything else runs the real java.\ncase "$*" in *-version*) echo 'openjdk version "21" (the Storage rules runtime of scripts/lib/storage-rules-runtime.ts runs on the installed Java)' >&2; exit 0;; esac\nexec ${realJava()} "$@"\n`,
    );
    chmodSync(shim, 0o755);
    path = `${shimDir}:${path}`;
  }
  return { FIREBASE_EMULATORS_PATH: dir, PATH: path };
}
