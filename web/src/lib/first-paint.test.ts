import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets the module fresh: "the first paint" happens once per page load.
let firstPaint: typeof import('./first-paint');
beforeEach(async () => {
  vi.resetModules();
  firstPaint = await import('./first-paint');
});

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

describe('afterFirstPaint', () => {
  it('runs the work after the first render’s frame, not before; at once from then on', async () => {
    const first = vi.fn();
    firstPaint.afterFirstPaint(first);
    expect(first).not.toHaveBeenCalled();
    await nextFrame();
    expect(first).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    firstPaint.afterFirstPaint(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('runs nothing that was cancelled before the paint', async () => {
    const kept = vi.fn();
    const dropped = vi.fn();
    firstPaint.afterFirstPaint(kept);
    const cancel = firstPaint.afterFirstPaint(dropped);
    cancel();
    await nextFrame();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('runs the rest when one of them throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const after = vi.fn();
      firstPaint.afterFirstPaint(() => {
        throw new Error('boom');
      });
      firstPaint.afterFirstPaint(after);
      await nextFrame();
      expect(after).toHaveBeenCalledTimes(1);
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });

  it('runs without frames in a background tab (it gets none), and when the tab is hidden before its frame came', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const work = vi.fn();
      firstPaint.afterFirstPaint(work);
      await new Promise((done) => setTimeout(done, 0));
      expect(work).toHaveBeenCalledTimes(1);

      vi.resetModules();
      const fresh: typeof import('./first-paint') = await import('./first-paint');
      visibility.mockReturnValue('visible');
      const hiddenLater = vi.fn();
      fresh.afterFirstPaint(hiddenLater);
      // Visible and no frame yet: nothing runs on a timer (a slow first paint is not to be overtaken).
      await new Promise((done) => setTimeout(done, 300));
      expect(hiddenLater).not.toHaveBeenCalled();
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((done) => setTimeout(done, 0));
      expect(hiddenLater).toHaveBeenCalledTimes(1);
    } finally {
      frames.mockRestore();
      visibility.mockRestore();
    }
  });
});

describe('useFirstPaintDone', () => {
  it('is false in the first render and true once it has painted', async () => {
    const { result } = renderHook(() => firstPaint.useFirstPaintDone());
    expect(result.current).toBe(false);
    await act(nextFrame);
    expect(result.current).toBe(true);
    expect(renderHook(() => firstPaint.useFirstPaintDone()).result.current).toBe(true);
  });
});
