// `services`: the active catalogue, by number, in the protocol's fields.
import { listActiveServiceDocs } from '../../services/catalogue/catalogue';
import { paisaString } from '../../shared/api-v2';
import { refillDaysOf } from '../../shared/catalogue';
import { serviceTypeOf } from '../../shared/comments';
import { PLATFORM_LABELS } from '../../shared/platforms';
import type { ApiV2Handler } from './request';

export const services: ApiV2Handler = async () =>
  (await listActiveServiceDocs()).map((s) => ({
    service: s.number,
    name: s.name,
    type: serviceTypeOf(s),
    category: `${PLATFORM_LABELS[s.platform]} ${s.category}`,
    rate: paisaString(s.ratePer1000Paisa),
    min: String(s.min),
    max: String(s.max),
    refill: refillDaysOf(s) > 0,
    cancel: s.cancel === true,
    dripfeed: s.dripfeed === true,
  }));
