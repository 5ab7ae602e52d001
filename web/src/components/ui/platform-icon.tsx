// Platform marks as inline SVG (no icon font to download), on their brand colours.
import type { Platform } from '@shared/platforms';
import { OutlineIcon } from '@/components/ui/outline-icon';

type Mark = Platform | 'youtube';

const tiles: Record<Mark, string> = {
  tiktok: 'bg-tiktok text-white',
  instagram: 'bg-gradient-to-br from-[#f9ce34] via-[#ee2a7b] to-[#6228d7] text-white',
  facebook: 'bg-facebook text-white',
  youtube: 'bg-youtube text-white',
};

function Glyph({ platform }: { platform: Mark }) {
  switch (platform) {
    case 'tiktok':
      return (
        <svg viewBox="0 0 24 24" className="size-[60%]" aria-hidden="true">
          <path
            fill="#25F4EE"
            transform="translate(-0.6 -0.6)"
            d="M16.6 5.82A4.28 4.28 0 0 1 15.54 3h-3.09v12.4a2.59 2.59 0 0 1-2.59 2.5 2.59 2.59 0 1 1 .76-5.07V9.66a5.73 5.73 0 0 0-.76-.05 5.68 5.68 0 1 0 5.68 5.68V9.01a7.35 7.35 0 0 0 4.3 1.38V7.3a4.3 4.3 0 0 1-3.24-1.48z"
          />
          <path
            fill="#FE2C55"
            transform="translate(0.6 0.6)"
            d="M16.6 5.82A4.28 4.28 0 0 1 15.54 3h-3.09v12.4a2.59 2.59 0 0 1-2.59 2.5 2.59 2.59 0 1 1 .76-5.07V9.66a5.73 5.73 0 0 0-.76-.05 5.68 5.68 0 1 0 5.68 5.68V9.01a7.35 7.35 0 0 0 4.3 1.38V7.3a4.3 4.3 0 0 1-3.24-1.48z"
          />
          <path
            fill="#fff"
            d="M16.6 5.82A4.28 4.28 0 0 1 15.54 3h-3.09v12.4a2.59 2.59 0 0 1-2.59 2.5 2.59 2.59 0 1 1 .76-5.07V9.66a5.73 5.73 0 0 0-.76-.05 5.68 5.68 0 1 0 5.68 5.68V9.01a7.35 7.35 0 0 0 4.3 1.38V7.3a4.3 4.3 0 0 1-3.24-1.48z"
          />
        </svg>
      );
    case 'instagram':
      return (
        <OutlineIcon className="size-[60%]">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
        </OutlineIcon>
      );
    case 'facebook':
      return (
        <svg viewBox="0 0 24 24" className="size-[60%]" fill="currentColor" aria-hidden="true">
          <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.6V21h3z" />
        </svg>
      );
    default:
      return (
        <svg viewBox="0 0 24 24" className="size-[60%]" fill="currentColor" aria-hidden="true">
          <path d="M10 8.5v7l6-3.5-6-3.5z" />
        </svg>
      );
  }
}

export function PlatformIcon({ platform, className = 'size-10' }: { platform: Mark; className?: string }) {
  return (
    <span className={`inline-flex shrink-0 items-center justify-center rounded-xl ${tiles[platform]} ${className}`} aria-hidden="true">
      <Glyph platform={platform} />
    </span>
  );
}
