// The Content-Security-Policy lives in firebase.json as production needs it: our own origin,
// Firebase Auth's two endpoints and Cloud Messaging's two (a device's push token), nothing local. On the emulators the app signs in against the Auth
// emulator on another origin (http://127.0.0.1:<port>), so the emulator launcher's generated config
// adds that origin to connect-src for its run; the committed policy never names a local origin.

export interface HostingHeader {
  key: string;
  value: string;
}

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: HostingHeader[];
}

interface FirebaseJson {
  hosting?: { headers?: HeaderRule[] } & Record<string, unknown>;
  [key: string]: unknown;
}

export const CSP = 'Content-Security-Policy';

/** A policy as directive → sources, in the order written. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

export function formatCsp(directives: Map<string, string[]>): string {
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The headers Hosting sends with every path (the `"source": "**"` rule). */
export function headersForEveryPath(config: FirebaseJson): Record<string, string> {
  const rule = config.hosting?.headers?.find((candidate) => candidate.source === '**');
  return Object.fromEntries((rule?.headers ?? []).map((header) => [header.key, header.value]));
}

/** A copy of the config whose CSP connect-src also allows `origins` (the emulators' own). */
export function withConnectSources<T extends FirebaseJson>(config: T, origins: string[]): T {
  const copy = structuredClone(config);
  for (const rule of copy.hosting?.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() !== CSP.toLowerCase()) continue;
      const directives = parseCsp(header.value);
      const connect = directives.get('connect-src') ?? [...(directives.get('default-src') ?? [])];
      directives.set('connect-src', [...connect, ...origins.filter((origin) => !connect.includes(origin))]);
      header.value = formatCsp(directives);
    }
  }
  return copy;
}
