import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBlock, NOTHING_SAVED_OFFLINE, OFFLINE_NOTICE_MS } from '@/components/ui/spinner';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  act(() => onlineManager.setOnline(true));
});

describe('a loading state', () => {
  it('spins while online, however long it takes', () => {
    render(<LoadingBlock />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('offline, says within 3 seconds that nothing is saved for it, and loads again once back online', () => {
    act(() => onlineManager.setOnline(false));
    render(<LoadingBlock />);
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(NOTHING_SAVED_OFFLINE);
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('counts the 3 seconds from when the connection went, not from when it started spinning', () => {
    render(<LoadingBlock />);
    act(() => vi.advanceTimersByTime(10_000));
    act(() => onlineManager.setOnline(false));
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(NOTHING_SAVED_OFFLINE);
  });
});
