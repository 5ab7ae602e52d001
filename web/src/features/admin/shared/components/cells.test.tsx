import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserCell } from '@/features/admin/shared/components/cells';
import { renderApp } from '@/testing/render';

describe('UserCell', () => {
  it('links an account’s name to its page in the Users section', () => {
    renderApp(<UserCell user={{ _id: 'u 2', name: 'Bilal', email: 'bilal@example.com' }} />);
    expect(screen.getByRole('link', { name: 'Bilal' })).toHaveAttribute('href', '/admin/users/u%202');
    expect(screen.getByText('bilal@example.com')).toBeInTheDocument();
  });

  it('shows a name without an account id as text', () => {
    renderApp(<UserCell user={{ name: 'Old', email: 'old@example.com' }} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Old')).toBeInTheDocument();
  });
});
