import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DEFERRED_RETRY_MS, deferredComponent } from '@/lib/deferred-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferredComponent', () => {
  it('renders nothing on the first render (a server render too) and the component once its code came, loaded once', async () => {
    const load = vi.fn(async () => Greeting);
    const Deferred = deferredComponent(load, 'The greeting');
    expect(renderToString(<Deferred name="Ayesha" />)).toBe('');
    expect(load).not.toHaveBeenCalled();

    const { container, unmount } = render(<Deferred name="Ayesha" />);
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('Hello Ayesha')).toBeInTheDocument();
    unmount();
    // Loaded: shown at once where it renders next.
    render(<Deferred name="Bilal" />);
    expect(screen.getByText('Hello Bilal')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('leaves its place empty when the code does not come, and asks again a while later while it is shown', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(Greeting);
      const Deferred = deferredComponent(load, 'The greeting');
      const { container } = render(<Deferred name="Ayesha" />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(warn).toHaveBeenCalledWith('The greeting could not be loaded', expect.any(Error));
      expect(container).toBeEmptyDOMElement();
      await act(() => vi.advanceTimersByTimeAsync(DEFERRED_RETRY_MS - 1));
      expect(load).toHaveBeenCalledOnce();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(load).toHaveBeenCalledTimes(2);
      expect(screen.getByText('Hello Ayesha')).toBeInTheDocument();
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('leaves its place empty when the code does not come, and asks again on its next mount', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(Greeting);
    const Deferred = deferredComponent(load, 'The greeting');
    const first = render(<Deferred name="Ayesha" />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('The greeting could not be loaded', expect.any(Error)));
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    render(<Deferred name="Bilal" />);
    expect(await screen.findByText('Hello Bilal')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
