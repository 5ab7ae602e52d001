// The security headers production gets, read from the committed firebase.json, and the one change the
// emulator launcher makes to them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP, headersForEveryPath, parseCsp, withConnectSources } from './hosting-headers';

const ROOT = join(import.meta.dirname, '..', '..');
const firebaseJson = () => JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));

describe('the production headers (firebase.json)', () => {
  const headers = headersForEveryPath(firebaseJson());
  const csp = parseCsp(headers[CSP] ?? '');

  it('allow only our own scripts, styles, images, fonts, manifest and service worker', () => {
    for (const directive of ['default-src', 'script-src', 'style-src', 'font-src', 'manifest-src', 'worker-src']) {
      expect(csp.get(directive), directive).toEqual(["'self'"]);
    }
    // blob: for the payment screenshots the page itself made (a preview, or read from Storage with the user's token).
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  it('let the page talk to itself, to Firebase Auth, Cloud Storage and Cloud Messaging over HTTPS, and to nothing local', () => {
    // Firebase Auth's two endpoints, Storage's, and Cloud Messaging's two, which make a device's push token.
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firebasestorage.googleapis.com',
      'https://firebaseinstallations.googleapis.com',
      'https://fcmregistrations.googleapis.com',
    ]);
  });

  it('allow nothing inline, no eval, no wildcard and no plain-HTTP source anywhere', () => {
    const sources = [...csp.values()].flat();
    expect(sources.length).toBeGreaterThan(0);
    for (const forbidden of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      "'wasm-unsafe-eval'",
      '*',
      'data:',
      'http:',
      'https:',
    ]) {
      expect(sources).not.toContain(forbidden);
    }
    expect(sources.filter((source) => /^http:|localhost|127\.0\.0\.1/.test(source))).toEqual([]);
    // blob: is allowed for pictures only: never for scripts, workers, frames or anything by default.
    expect([...csp].filter(([, list]) => list.includes('blob:')).map(([directive]) => directive)).toEqual(['img-src']);
  });

  it('forbid framing, pin HTTPS for two years, and switch off the device features the app does not use', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    const features = Object.fromEntries((headers['Permissions-Policy'] ?? '').split(/,\s*/).map((entry) => entry.split('=')));
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture'])
      expect(features[feature], feature).toBe('()');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('the emulator run config', () => {
  it("adds the Auth and Storage emulators' origins to connect-src only, leaving firebase.json's policy as it was", () => {
    const committed = firebaseJson();
    const before = headersForEveryPath(committed)[CSP] ?? '';
    const local = withConnectSources(committed, ['http://127.0.0.1:9099', 'http://127.0.0.1:9199']);
    const policy = parseCsp(headersForEveryPath(local)[CSP] ?? '');
    const production = parseCsp(before);
    expect(policy.get('connect-src')).toEqual([...(production.get('connect-src') ?? []), 'http://127.0.0.1:9099', 'http://127.0.0.1:9199']);
    for (const [directive, sources] of production)
      if (directive !== 'connect-src') expect(policy.get(directive), directive).toEqual(sources);
    expect(headersForEveryPath(committed)[CSP]).toBe(before);
    expect(local.hosting.rewrites).toEqual(committed.hosting.rewrites);
  });
});
