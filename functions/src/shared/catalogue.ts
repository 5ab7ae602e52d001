// The built-in catalogue: only the seed of an empty store (`services/{id}`). From then on the admin runs
// the catalogue (services/catalogue/catalogue.ts): the API serves and prices orders from Firestore, and the web
// app shows what the API answers (this list is only its placeholder while the first answer loads).
import type { Platform } from './platforms';

/** The seed's categories, in the seed's order; categories are free text the admin names and orders. */
export const BUILT_IN_CATEGORIES = [
  'Followers',
  'Likes',
  'Views',
  'Comments',
  'Share/Post Reel',
  'Video Reactions',
  'Page Likes + Followers',
] as const;
type BuiltInCategory = (typeof BUILT_IN_CATEGORIES)[number];

/** The bounds of what the admin types for a service. */
export const SERVICE_LIMITS = {
  name: 100,
  category: 40,
  description: 500,
  /** Rupees per 1000: Rs 1 lakh keeps rate × the largest quantity an exact integer of paisa. */
  maxRate: 100_000,
  maxRefillDays: 365,
  /** Categories per platform. */
  categories: 50,
} as const;

/** What a service id looks like (`tt-followers-real`): lowercase words joined by hyphens. */
export const SERVICE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SERVICE_ID_MAX_LENGTH = 100;

export interface CatalogueItem {
  /** Stable document id matching SERVICE_ID_PATTERN: never reuse or rename one, orders refer to it. */
  id: string;
  /** Stable integer number, the id resellers' scripts use (API v2). Never reuse one. */
  number: number;
  platform: Platform;
  category: BuiltInCategory;
  name: string;
  /** Rupees per 1000 units. */
  ratePer1000: number;
  min: number;
  max: number;
  defaultQuantity: number;
  description: string;
  /** Days after completion a refill may be asked for (drops are topped up); 0: no refill. */
  refillDays: number;
  /** Whether a pending order may be cancelled by the customer (API v2 `cancel`). */
  cancel: boolean;
}

/** The built-in refill window, and the window of services stored before windows were per service. */
export const REFILL_DAYS = 30;

/** A service's refill window in days: services stored before windows were per service had a flag. */
export const refillDaysOf = (service: { refill?: boolean | undefined; refillDays?: number | undefined }): number =>
  service.refillDays ?? (service.refill === true ? REFILL_DAYS : 0);

/** "30 days", or "No refill": a service's window as the service lists show it. */
export function refillWindowLabel(service: { refill?: boolean | undefined; refillDays?: number | undefined }): string {
  const days = refillDaysOf(service);
  return days > 0 ? `${days} days` : 'No refill';
}
const REFILLABLE: readonly BuiltInCategory[] = ['Followers', 'Likes', 'Page Likes + Followers'];

/** Default quantity per category: Followers and Likes 50, Views 1000, Comments 1 (spec §4). */
export const DEFAULT_QUANTITY: Record<BuiltInCategory, number> = {
  Followers: 50,
  Likes: 50,
  Views: 1000,
  Comments: 1,
  'Share/Post Reel': 100,
  'Video Reactions': 50,
  'Page Likes + Followers': 50,
};

type Row = [
  id: string,
  number: number,
  category: BuiltInCategory,
  name: string,
  rate: number,
  min: number,
  max: number,
  description: string,
];

function rows(platform: Platform, list: Row[]): CatalogueItem[] {
  return list.map(([id, number, category, name, ratePer1000, min, max, description]) => ({
    id,
    number,
    platform,
    category,
    name,
    ratePer1000,
    min,
    max,
    defaultQuantity: DEFAULT_QUANTITY[category],
    description,
    refillDays: REFILLABLE.includes(category) ? REFILL_DAYS : 0,
    // Custom and random comments are written the moment an order starts: nothing left to cancel.
    cancel: category !== 'Comments',
  }));
}

export const CATALOGUE: readonly CatalogueItem[] = [
  ...rows('tiktok', [
    ['tt-followers-real', 101, 'Followers', 'Real Followers', 900, 10, 100_000, 'Real-looking accounts, starts in 0-5 min.'],
    ['tt-followers-hq', 102, 'Followers', 'HQ Followers (30-day refill)', 1200, 10, 50_000, 'High-quality profiles with a 30-day refill.'],
    ['tt-followers-pk', 103, 'Followers', 'Pakistani Followers [Targeted]', 3800, 10, 10_000, 'Accounts from Pakistan.'],
    ['tt-likes-instant', 111, 'Likes', 'Instant Likes', 250, 10, 200_000, 'Fast delivery, up to 200k a day.'],
    ['tt-likes-hq', 112, 'Likes', 'HQ Likes (Non-drop)', 400, 10, 100_000, 'High-quality likes that stay.'],
    ['tt-likes-pk', 113, 'Likes', 'Pakistani Likes [Targeted]', 4500, 10, 10_000, 'Likes from accounts in Pakistan.'],
    ['tt-views-fast', 121, 'Views', 'Video Views', 20, 100, 10_000_000, 'Fast video views.'],
    ['tt-views-hq', 122, 'Views', 'HQ Views (Non-drop)', 40, 100, 5_000_000, 'Non-drop views with retention.'],
    ['tt-comments-random', 131, 'Comments', 'Random Positive Comments', 1500, 1, 1000, 'Positive comments in English and Urdu.'],
    ['tt-shares', 141, 'Share/Post Reel', 'Video Shares', 20, 100, 1_000_000, 'Shares of your video.'],
    ['tt-saves', 142, 'Share/Post Reel', 'Video Saves', 60, 50, 500_000, 'Saves (favourites) of your video.'],
    ['tt-reactions-mixed', 151, 'Video Reactions', 'Live Reactions (Mixed)', 300, 10, 50_000, 'Mixed emoji reactions.'],
  ]),
  ...rows('instagram', [
    ['ig-followers-real', 201, 'Followers', 'Real Followers', 1100, 10, 100_000, 'Real-looking accounts, starts in 0-5 min.'],
    ['ig-followers-hq', 202, 'Followers', 'HQ Followers (30-day refill)', 1500, 10, 50_000, 'High-quality profiles with a 30-day refill.'],
    ['ig-followers-pk', 203, 'Followers', 'Pakistani Followers [Targeted]', 4200, 10, 10_000, 'Accounts from Pakistan.'],
    ['ig-likes-instant', 211, 'Likes', 'Instant Likes', 300, 10, 100_000, 'Fast post and reel likes.'],
    ['ig-likes-hq', 212, 'Likes', 'HQ Likes (Non-drop)', 500, 10, 50_000, 'High-quality likes that stay.'],
    ['ig-likes-pk', 213, 'Likes', 'Pakistani Likes [Targeted]', 4500, 10, 10_000, 'Likes from accounts in Pakistan.'],
    ['ig-views-reel', 221, 'Views', 'Reel Views', 25, 100, 10_000_000, 'Views on reels and videos.'],
    ['ig-views-story', 222, 'Views', 'Story Views', 60, 100, 100_000, 'Views on all current stories.'],
    ['ig-comments-random', 231, 'Comments', 'Random Positive Comments', 1800, 1, 1000, 'Positive comments in English and Urdu.'],
    ['ig-shares-reel', 241, 'Share/Post Reel', 'Reel Shares', 30, 100, 1_000_000, 'Shares of your reel or post.'],
    ['ig-saves', 242, 'Share/Post Reel', 'Post Saves', 50, 50, 500_000, 'Saves of your post or reel.'],
    ['ig-reactions-mixed', 251, 'Video Reactions', 'Reel Reactions (Mixed)', 350, 10, 50_000, 'Mixed emoji reactions on reels.'],
  ]),
  ...rows('facebook', [
    ['fb-page-likes', 301, 'Page Likes + Followers', 'Page Likes + Followers', 1400, 10, 100_000, 'Likes and followers for a page.'],
    ['fb-page-likes-pk', 302, 'Page Likes + Followers', 'Pakistani Page Likes [Targeted]', 4000, 10, 10_000, 'Page likes from Pakistan.'],
    ['fb-followers-profile', 311, 'Followers', 'Profile Followers', 1000, 10, 100_000, 'Followers for a profile.'],
    ['fb-likes-post', 321, 'Likes', 'Post Likes', 350, 10, 100_000, 'Likes on a post or photo.'],
    ['fb-likes-pk', 322, 'Likes', 'Pakistani Post Likes [Targeted]', 4500, 10, 10_000, 'Post likes from Pakistan.'],
    ['fb-views-video', 331, 'Views', 'Video Views', 30, 100, 5_000_000, 'Views on a video.'],
    ['fb-views-reel', 332, 'Views', 'Reel Views', 20, 100, 10_000_000, 'Views on a reel.'],
    ['fb-comments-random', 341, 'Comments', 'Random Positive Comments', 1900, 1, 1000, 'Positive comments in English and Urdu.'],
    ['fb-shares-post', 351, 'Share/Post Reel', 'Post Shares', 20, 100, 1_000_000, 'Shares of a post, video or reel.'],
    ['fb-reactions-love', 361, 'Video Reactions', 'Love Reactions', 400, 10, 50_000, 'Love reactions on a post or video.'],
    ['fb-reactions-mixed', 362, 'Video Reactions', 'Mixed Reactions', 380, 10, 50_000, 'Mixed reactions (like, love, wow, haha).'],
  ]),
];

/** The 7 service cards of the home page, each "from Rs X per 1K" of its cheapest service in the live catalogue. */
export const FEATURED: readonly { platform: Platform; category: string; title: string }[] = [
  { platform: 'tiktok', category: 'Followers', title: 'TikTok Followers' },
  { platform: 'tiktok', category: 'Likes', title: 'TikTok Likes' },
  { platform: 'tiktok', category: 'Views', title: 'TikTok Views' },
  { platform: 'instagram', category: 'Followers', title: 'Instagram Followers' },
  { platform: 'instagram', category: 'Likes', title: 'Instagram Likes' },
  { platform: 'facebook', category: 'Page Likes + Followers', title: 'Facebook Page Likes + Followers' },
  { platform: 'facebook', category: 'Video Reactions', title: 'Facebook Video Reactions' },
];

/** The order's service text: "<Platform> <Category> <Name>". */
export function serviceLabel(platformLabel: string, category: string, name: string): string {
  return `${platformLabel} ${category} ${name}`;
}
