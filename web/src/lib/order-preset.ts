// What a visitor chose before signing in (a service on /services, a card's platform and category on the
// landing page): carried in the URL through /register or /login to /order, where it is chosen for them.
import { SERVICE_ID_PATTERN } from '@shared/catalogue';
import { PLATFORMS, type Platform } from '@shared/platforms';

export interface OrderPreset {
  service?: string | undefined;
  platform?: Platform | undefined;
  category?: string | undefined;
}

/** The preset a URL carries; anything malformed is dropped (the order page then opens as usual). */
export function readOrderPreset(params: URLSearchParams): OrderPreset {
  const service = params.get('service')?.trim();
  const platform = PLATFORMS.find((p) => p === params.get('platform'));
  const category = params.get('category')?.trim().slice(0, 100);
  return {
    ...(service && SERVICE_ID_PATTERN.test(service) ? { service } : {}),
    ...(platform ? { platform } : {}),
    ...(category ? { category } : {}),
  };
}

export const hasOrderPreset = (preset: OrderPreset) => Boolean(preset.service || preset.platform || preset.category);

/** The preset as query parameters (none for an empty one). */
export function orderPresetParams(preset: OrderPreset | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (preset?.service) params.set('service', preset.service);
  if (preset?.platform) params.set('platform', preset.platform);
  if (preset?.category) params.set('category', preset.category);
  return params;
}
