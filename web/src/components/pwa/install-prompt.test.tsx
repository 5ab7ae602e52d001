import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isIos, isStandalone, listenForInstallPrompt } from '@/components/pwa/install-events';
import { DISMISSED_KEY, InstallPrompt } from '@/components/pwa/install-prompt';

beforeAll(() => listenForInstallPrompt(window));
afterEach(() => {
  // A spent event is forgotten; `appinstalled` clears one that is still kept.
  window.dispatchEvent(new Event('appinstalled'));
});

function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('InstallPrompt', () => {
  // First: the page's engagement is the page's, once (no later test starts before it).
  it("waits for the person's first tap or key on the page before it offers anything", () => {
    render(<InstallPrompt />);
    offerInstall('accepted');
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
    // Not while the finger is still down: the card would come under it.
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
    act(() => {
      fireEvent.click(document.body);
    });
    expect(screen.getByRole('region', { name: 'Install the app' })).toBeInTheDocument();
  });

  it('shows nothing where the browser offers no install', () => {
    const { container } = render(<InstallPrompt />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows an Install button once the browser offers it, and opens the browser's dialog", async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('stays away for a while after "Not now"', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<InstallPrompt />);
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(DISMISSED_KEY))).toBeGreaterThan(0);
    unmount();
    render(<InstallPrompt />);
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('explains Add to Home Screen on iOS', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' });
    render(<InstallPrompt />);
    expect(screen.getByRole('region', { name: 'Install the app' })).toHaveTextContent(
      'Add Shohrat to your Home Screen: tap Share in the browser bar, then “Add to Home Screen”.',
    );
  });
});

describe('platform detection', () => {
  it('knows iPhones and iPads (which say they are Macs with touch)', () => {
    expect(isIos({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', platform: 'iPhone', maxTouchPoints: 5 })).toBe(
      true,
    );
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe(false);
  });

  it('knows when it already runs as the installed app', () => {
    const matchMedia = (matches: boolean) => () => ({ matches }) as MediaQueryList;
    expect(isStandalone({ matchMedia: matchMedia(true), navigator })).toBe(true);
    expect(isStandalone({ matchMedia: matchMedia(false), navigator: { standalone: true } as unknown as Navigator })).toBe(true);
    expect(isStandalone({ matchMedia: matchMedia(false), navigator })).toBe(false);
  });
});
