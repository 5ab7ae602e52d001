export const PLATFORMS = ['tiktok', 'instagram', 'facebook'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/** Hosts a link of each platform may point at (the host itself or any subdomain of it). */
export const PLATFORM_HOSTS: Record<Platform, readonly string[]> = {
  tiktok: ['tiktok.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.com', 'fb.watch'],
};

export const MAX_LINK_LENGTH = 2048;

/** Parses an http(s) URL; null when it is not one. */
export function parseHttpUrl(link: string): URL | null {
  if (link.length > MAX_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/** True when `link` is an http(s) URL whose host is one of the platform's hosts or a subdomain. */
export function isPlatformLink(platform: Platform, link: string): boolean {
  const url = parseHttpUrl(link);
  if (!url) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return PLATFORM_HOSTS[platform].some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The canonical form a link is stored and searched in: trimmed, lower-case host, no fragment. */
export function normalizeLink(link: string): string {
  const url = parseHttpUrl(link.trim());
  if (!url) return link.trim();
  url.hash = '';
  url.hostname = url.hostname.toLowerCase();
  return url.toString();
}
