// `services`: the active catalogue at the key's account's prices, by number, in the protocol's fields, then ours that scripts may ignore: the
// refill window, the measured figures (shared/service-figures.ts; null while a service is new) and the badges shown.
import { badgeFactsOf, listActiveServiceDocs } from '../../services/catalogue/catalogue';
import { customerRates } from '../../services/catalogue/pricing';
import { API_V2_UNMEASURED, paisaString } from '../../shared/api-v2';
import { refillDaysOf } from '../../shared/catalogue';
import { serviceTypeOf } from '../../shared/comments';
import { PLATFORM_LABELS } from '../../shared/platforms';
import { shownBadges } from '../../shared/service-figures';
import type { ApiV2Handler } from './request';

export const services: ApiV2Handler = async ({ identity, user }) => {
  // The key's account's own prices (its tier, its percent, its fixed rates): what `add` charges it.
  const [listed, rateOf] = await Promise.all([listActiveServiceDocs(), customerRates(identity.uid, user)]);
  return listed.map(({ id, service: s }) => ({
    service: s.number,
    name: s.name,
    type: serviceTypeOf(s),
    category: `${PLATFORM_LABELS[s.platform]} ${s.category}`,
    rate: paisaString(rateOf(id, s)),
    min: String(s.min),
    max: String(s.max),
    refill: refillDaysOf(s) > 0,
    cancel: s.cancel === true,
    dripfeed: s.dripfeed === true,
    refill_days: refillDaysOf(s),
    ...(s.figures
      ? {
          average_time_per_1000: s.figures.timePer1000,
          median_start: s.figures.medianStart,
          completed_percent: s.figures.completedPercent,
          orders_30_days: s.figures.orders30Days,
          new: s.figures.new,
        }
      : API_V2_UNMEASURED),
    badges: shownBadges(s.badges, badgeFactsOf(s)),
  }));
};
