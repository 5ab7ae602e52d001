// `balance`: the key's account's balance, as read when the key was resolved.
import { API_V2_CURRENCY, paisaString } from '../../shared/api-v2';
import type { ApiV2Handler } from './request';

export const balance: ApiV2Handler = async ({ user }) => ({ balance: paisaString(user.balancePaisa ?? 0), currency: API_V2_CURRENCY });
