import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '@/features/contact/components/contact-form';
import { mockApi, renderApp } from '@/testing/render';

async function fillAndSend(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Ali');
  await user.type(screen.getByLabelText('Email'), 'ali@example.com');
  await user.type(screen.getByLabelText('Message'), 'Where is my order?');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm', () => {
  it('requires name, email and message', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp(<ContactForm />, { route: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("toasts the server's message on success and clears the message", async () => {
    const { calls } = mockApi({ 'POST /api/contact': { status: 201, body: { message: 'Thank you! Your message has been sent' } } });
    const { user } = renderApp(<ContactForm />, { route: '/contact' });
    await fillAndSend(user);
    expect(await screen.findByText('Thank you! Your message has been sent')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ name: 'Ali', email: 'ali@example.com', message: 'Where is my order?' });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("toasts the server's message on failure", async () => {
    mockApi({ 'POST /api/contact': { status: 429, body: { message: 'Too many requests, try again later' } } });
    const { user } = renderApp(<ContactForm />, { route: '/contact' });
    await fillAndSend(user);
    expect(await screen.findByText('Too many requests, try again later')).toBeInTheDocument();
  });

  it("toasts 'Server error' when no answer comes", async () => {
    mockApi({ 'POST /api/contact': { networkError: true } });
    const { user } = renderApp(<ContactForm />, { route: '/contact' });
    await fillAndSend(user);
    expect(await screen.findByText('Server error')).toBeInTheDocument();
  });
});
