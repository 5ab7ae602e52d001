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

/** %7E → ~ and %2f → %2F: unreserved characters need no escape, and escapes have one case (RFC 3986 6.2.2). */
const normalizeEscapes = (text: string) =>
  text.replace(/%[0-9A-Fa-f]{2}/g, (encoded) => {
    const char = String.fromCharCode(Number.parseInt(encoded.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : encoded.toUpperCase();
  });

/**
 * The canonical form a link is stored, searched and compared in (the web app and the function use
 * this one): trimmed; lower-case host without trailing dots; no default port, fragment or empty query
 * (`…/video/1?`); escapes normalized. Path and query are otherwise kept: they can name another page.
 */
export function normalizeLink(link: string): string {
  const url = parseHttpUrl(link.trim());
  if (!url) return link.trim();
  url.hash = '';
  // A bare `?` reads as an empty search yet still prints; setting it drops the `?`.
  if (url.search === '') url.search = '';
  url.hostname = url.hostname.toLowerCase().replace(/\.+$/, '');
  url.pathname = normalizeEscapes(url.pathname);
  url.search = normalizeEscapes(url.search);
  return url.toString();
}
