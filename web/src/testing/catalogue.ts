// The built-in catalogue as the API serves it: the web tests' catalogue (the seed loads the same into an empty store).

import type { CategoryOrder, Service } from '@shared/answers';
import { BUILT_IN_CATEGORIES, CATALOGUE } from '@shared/catalogue';
import { PLATFORMS } from '@shared/platforms';
import type { Catalogue } from '@/features/orders/api/get-services';

/** What GET /api/services answers for a store seeded with the built-in catalogue. */
export const builtInCatalogue: Catalogue = {
  services: CATALOGUE.map((item) => ({
    _id: item.id,
    number: item.number,
    platform: item.platform,
    category: item.category,
    name: item.name,
    ratePer1000: item.ratePer1000,
    min: item.min,
    max: item.max,
    defaultQuantity: item.defaultQuantity,
    description: item.description,
    refill: item.refillDays > 0,
    refillDays: item.refillDays,
    cancel: item.cancel,
    active: true,
    badges: [],
  })),
  categories: Object.fromEntries(
    PLATFORMS.map((p) => [p, BUILT_IN_CATEGORIES.filter((c) => CATALOGUE.some((s) => s.platform === p && s.category === c))]),
  ) as CategoryOrder,
};

/** A TikTok Views service numbered `number` (id `svc-{number}`), Rs 20 per 1,000, with `fields` over it: the admin tests' catalogue. */
export function numberedService(number: number, fields: Partial<Service> = {}): Service {
  return {
    _id: `svc-${number}`,
    number,
    platform: 'tiktok',
    category: 'Views',
    name: `Views ${number}`,
    ratePer1000: 20,
    min: 100,
    max: 10_000,
    defaultQuantity: 1000,
    active: true,
    ...fields,
  };
}
