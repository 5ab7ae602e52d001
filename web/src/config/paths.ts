// The one route table: every link and redirect goes through these.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  welcome: { path: '/welcome', getHref: () => '/welcome' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  contact: { path: '/contact', getHref: () => '/contact' },
  guide: { path: '/blog', getHref: () => '/blog' },
  about: { path: '/about', getHref: () => '/about' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  order: {
    path: '/order',
    getHref: (preset?: { platform?: string; category?: string }) => {
      const params = new URLSearchParams();
      if (preset?.platform) params.set('platform', preset.platform);
      if (preset?.category) params.set('category', preset.category);
      const query = params.toString();
      return query ? `/order?${query}` : '/order';
    },
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminServices: { path: '/admin/services', getHref: () => '/admin/services' },
  // Not under /api/: Hosting sends /api/** to the function.
  apiAccess: { path: '/api-access', getHref: () => '/api-access' },
  apiDocs: { path: '/api-docs', getHref: () => '/api-docs' },
} as const;
