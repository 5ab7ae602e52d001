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

/** True when `link` is an http(s) URL, on the default port, whose host is one of the platform's hosts or a subdomain. */
export function isPlatformLink(platform: Platform, link: string): boolean {
  const url = parseHttpUrl(link);
  if (!url) return false;
  // The URL parser drops a default port: any port left is one the platform serves nothing on.
  if (url.port !== '') return false;
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

/**
 * Services ordered for an account rather than a post (followers, page likes or follows): for these a
 * bare `@username` names the account. One rule for the web form and API v2, read from the category
 * the admin names (free text), so a renamed or new category of that kind follows.
 */
export function isAccountLevel(service: { category: string }): boolean {
  return /\b(followers?|follows?|subscribers?|page likes?)\b/i.test(service.category);
}

/** The profile address of a username on each platform. */
const PROFILE_URL: Record<Platform, (username: string) => string> = {
  tiktok: (username) => `https://www.tiktok.com/@${username}`,
  instagram: (username) => `https://www.instagram.com/${username}/`,
  facebook: (username) => `https://www.facebook.com/${username}`,
};

/**
 * First path segments that are the platform's own pages, not accounts: a bare `explore` or `@p` names
 * no one (TikTok's profiles are `/@name`, so no page there looks like one).
 */
const RESERVED_PATHS: Record<Platform, readonly string[]> = {
  tiktok: [],
  instagram: ['p', 'reel', 'reels', 'explore', 'accounts', 'stories', 'tv', 'direct'],
  facebook: [
    'profile.php',
    'groups',
    'pages',
    'watch',
    'events',
    'marketplace',
    'gaming',
    'me',
    'share',
    'story.php',
    'photo.php',
    'permalink.php',
    'login',
  ],
};

/** A username as the platforms allow them (letters, digits, `.` and `_`), with or without its `@`. */
const USERNAME = /^@?([A-Za-z0-9._]{1,50})$/;
/** `javascript:`, `ftp:`…: a scheme (no dot before the colon, unlike `tiktok.com:443/…`). */
const OTHER_SCHEME = /^[A-Za-z][A-Za-z0-9+-]*:/;

/**
 * The link an order of `service` is placed, stored and compared with, from the link as the customer
 * typed it; null when it names nothing of the service's platform. A full http(s) URL is exactly
 * normalizeLink's; a link without a scheme (`www.tiktok.com/@user`, `instagram.com/p/x`) is read as
 * https; for account-level services a bare `@username` or `username` is the platform's profile URL.
 */
export function canonicalLink(service: { platform: Platform; category: string }, typed: string): string | null {
  const link = typed.trim();
  if (parseHttpUrl(link)) return isPlatformLink(service.platform, link) ? normalizeLink(link) : null;
  if (link.length === 0 || /\s/.test(link) || /^https?:/i.test(link) || OTHER_SCHEME.test(link)) return null;
  const withScheme = `https://${link.replace(/^\/\//, '')}`;
  if (isPlatformLink(service.platform, withScheme)) return normalizeLink(withScheme);
  const username = USERNAME.exec(link)?.[1];
  const reserved = username !== undefined && RESERVED_PATHS[service.platform].includes(username.toLowerCase());
  if (username && !reserved && /[A-Za-z0-9]/.test(username) && isAccountLevel(service))
    return normalizeLink(PROFILE_URL[service.platform](username));
  return null;
}
