import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdateNotice, UpdatePrompt } from '@/components/pwa/update-prompt';

describe('UpdateNotice', () => {
  it('offers Reload and Later', async () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    const user = userEvent.setup();
    render(<UpdateNotice onReload={onReload} onLater={onLater} />);
    expect(screen.getByRole('alert', { name: 'A new version is available' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledOnce();
  });
});

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits (and needs no service worker support to render)', () => {
    const { container } = render(<UpdatePrompt />);
    expect(container).toBeEmptyDOMElement();
  });
});
