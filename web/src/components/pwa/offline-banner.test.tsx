import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '@/components/pwa/offline-banner';
import { noteAnswerTime, resetAnswerTime } from '@/lib/data-freshness';

afterEach(() => resetAnswerTime());

describe('OfflineBanner', () => {
  it('says nothing while online', () => {
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('appears when the connection drops, with the age of the saved data, and goes when it returns', () => {
    noteAnswerTime(new Date(Date.now() - 5 * 60_000).toUTCString());
    render(<OfflineBanner />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(/^⚠️ You are offline — showing saved data from 5 minutes ago\.$/);
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says so plainly when nothing was ever fetched', () => {
    onlineManager.setOnline(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline — showing saved data where there is some.');
  });
});
