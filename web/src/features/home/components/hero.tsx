import { PLATFORM_LABELS, PLATFORMS } from '@shared/platforms';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { PlatformIcon } from '@/components/ui/platform-icon';
import { paths } from '@/config/paths';

export function Hero() {
  return (
    <section className="bg-gradient-to-b from-white to-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
            TikTok · Instagram · Facebook
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Grow your social media, the simple way.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-700">
            Followers, likes, views and more. Paste a link, choose a quantity, and pay from your prepaid balance in Rs. Every service shows
            how fast its own orders start.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.register.getHref()} className={buttonClass({ size: 'lg' })}>
              Get Started
            </Link>
            <a href="#services" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
              See prices
            </a>
          </div>
        </div>
        <ul className="grid grid-cols-3 gap-3" aria-label="Platforms">
          {PLATFORMS.map((platform) => (
            <li key={platform} className="flex flex-col items-center gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <PlatformIcon platform={platform} className="size-12" />
              <span className="text-sm font-semibold text-slate-800">{PLATFORM_LABELS[platform]}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
