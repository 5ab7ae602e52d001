import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { listenForInstallPrompt } from '@/components/pwa/install-events';
import './index.css';

listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const start = () => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
// A page that came with its content (`/`: the landing page rendered at build time, vite.config.ts) is painted as it
// came first, and the app takes its place in the frame after: started at once, its first render (one long task on
// a phone) would hold that paint back. The render is the same, so nothing on screen moves.
// A page opened in a background tab paints nothing (and gets no frames): it starts at once.
if (root.firstChild && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
