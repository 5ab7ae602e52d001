import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import { PlatformIcon } from '@/components/ui/platform-icon';

const selected: Record<Platform, string> = {
  tiktok: 'ring-2 ring-tiktok bg-slate-50',
  instagram: 'ring-2 ring-instagram bg-pink-50/50',
  facebook: 'ring-2 ring-facebook bg-blue-50/50',
};

export function PlatformSelector({ value, onChange }: { value: Platform; onChange: (platform: Platform) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">Platform</legend>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {PLATFORMS.map((platform) => (
          <label
            key={platform}
            className={`flex cursor-pointer flex-col items-center gap-1.5 rounded-2xl bg-white px-2 py-3 text-center text-sm font-semibold text-slate-800 ring-1 ring-slate-200 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 sm:flex-row sm:justify-center sm:gap-2 ${
              value === platform ? selected[platform] : 'hover:bg-slate-50'
            }`}
          >
            <input
              type="radio"
              name="platform"
              value={platform}
              checked={value === platform}
              onChange={() => onChange(platform)}
              className="sr-only"
            />
            <PlatformIcon platform={platform} className="size-8" />
            {PLATFORM_LABELS[platform]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
