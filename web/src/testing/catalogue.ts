// The built-in catalogue as the API serves it: the web tests' catalogue (the seed loads the same into an empty store).

import type { CategoryOrder } from '@shared/answers';
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
