import { describe, expect, it } from 'vitest';
import { requestsToWarm } from '@/components/pwa/warm-runtime-cache';

describe('requestsToWarm', () => {
  it('picks the Firebase config and the public answers of this origin, once each', () => {
    const origin = 'https://shohrat.example';
    const names = [
      `${origin}/__/firebase/init.json`,
      `${origin}/__/firebase/init.js?useEmulator=true`,
      `${origin}/api/services`,
      `${origin}/api/services`,
      `${origin}/api/settings`,
      `${origin}/api/user/profile`,
      `${origin}/api/admin/users`,
      `${origin}/assets/index.js`,
      'https://identitytoolkit.googleapis.com/v1/accounts:lookup',
      'https://other.example/api/services',
    ];
    expect(
      requestsToWarm(
        names.map((name) => ({ name })),
        origin,
      ),
    ).toEqual([
      `${origin}/__/firebase/init.json`,
      `${origin}/__/firebase/init.js?useEmulator=true`,
      `${origin}/api/services`,
      `${origin}/api/settings`,
    ]);
  });
});
