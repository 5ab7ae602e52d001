// The provider port the app was built with (createApp({ providers }), services/providers/provider-port.ts), for the
// routes whose answer needs a provider's (an admin's provider form, a Resend to another service, a cancel
// of a sent order): routes call services with it, and never reach a provider themselves.
import type { Express, Request } from 'express';
import type { ProviderPort } from '../services/providers/provider-port';

const ports = new WeakMap<Express, ProviderPort>();

export function setProviderPort(app: Express, providers: ProviderPort): void {
  ports.set(app, providers);
}

export function providersOf(req: Request): ProviderPort {
  const providers = ports.get(req.app as Express);
  if (!providers) throw new Error('The app was built without a provider port');
  return providers;
}
