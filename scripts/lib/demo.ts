// The demo accounts `npm start` seeds and prints.
/**
 * The demo admin; `totpSecret` is the second factor `npm start` enrols for it, the key an
 * authenticator app is given (`npm run admin:code` prints its current code).
 */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'admin12345',
  name: 'Admin',
  totpSecret: 'SHOHRATDEMOADMINTOTPSECRET234567',
} as const;
export const DEMO_USER = { email: 'demo@example.com', password: 'demo12345', name: 'Demo Customer' } as const;
export const DEMO_BALANCE_RUPEES = 500;

/**
 * The demo provider `npm start` runs (scripts/lib/demo-provider.ts) and seeds as a provider: a fixed
 * local port and key, and the services of it the seed imports, linked, with a markup.
 */
export const DEMO_PROVIDER = {
  name: 'Demo provider',
  port: 4700,
  key: 'demo-provider-key-0001',
  currency: 'USD',
  rateToPkr: 280,
  balanceUsd: '1000.00',
  /** An order stays pending a minute, then in progress four: the status sync (every ~2 min) sees each step. */
  timing: { pendingMs: 60_000, progressMs: 240_000 },
  imports: [
    // Our own names, as an admin gives them: the customer sees "Instagram Followers Real [30 days refill]",
    // not the provider's wording (which would repeat the platform and category, or name the provider).
    { providerServiceId: '101', platform: 'instagram', category: 'Followers', name: 'Real [30 days refill]', markupPercent: 30 },
    { providerServiceId: '102', platform: 'instagram', category: 'Likes', name: 'Fast', markupPercent: 30 },
    { providerServiceId: '301', platform: 'tiktok', category: 'Views', name: 'Fast Worldwide', markupPercent: 40 },
  ],
} as const;
