// The app's icons, generated from the one source image by `npm run icons -w web` and committed (so a
// build needs no image tooling). Maskable and Apple icons get the brand colour around the mark, and
// enough padding to keep it inside the maskable safe zone (the middle 80 % circle).
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

const brand = '#4f46e5';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0.2, resizeOptions: { background: brand } },
    apple: { ...minimal2023Preset.apple, padding: 0.15, resizeOptions: { background: brand } },
  },
  images: ['public/icon.svg'],
});
