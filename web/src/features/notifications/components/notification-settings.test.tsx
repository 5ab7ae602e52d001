// The settings: two switches per kind saved with PUT (the whole object), and pushes on this phone
// with their state (on, off, blocked, not supported), Turn on and Turn off.
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_MESSAGES } from '@shared/notifications';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationSettingsRoute } from '@/app/routes/notification-settings';
import { paths } from '@/config/paths';
import { readPushDevice, writePushDevice } from '@/lib/push-token-store';
import { DEMO_WEB_CONFIG, fakeBrowserPush } from '@/testing/push';
import { customer, mockApi, renderApp } from '@/testing/render';

const settingsAnswer = { body: { preferences: DEFAULT_NOTIFICATION_PREFERENCES, devices: 0 } };
const openSettings = () => renderApp(<NotificationSettingsRoute />, { route: paths.notificationSettings.getHref() });

describe('notification settings', () => {
  it('shows each kind’s two switches and saves a change as the whole preferences object', async () => {
    fakeBrowserPush('default');
    const { calls } = mockApi({
      'GET /api/notifications/settings': settingsAnswer,
      'PUT /api/notifications/settings': (call) => ({ body: { ...(call.body as object), devices: 0 } }),
    });
    const { user } = openSettings();
    const push = await screen.findByRole('switch', { name: 'Top-ups: Push' });
    expect(push).toHaveAttribute('aria-checked', 'true');
    expect(screen.getAllByRole('switch')).toHaveLength(8);
    await user.click(push);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Top-ups: Push' })).toHaveAttribute('aria-checked', 'false'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, topup: { bell: true, push: false } } },
    ]);
  });

  it('puts the switch back and says so when the save fails', async () => {
    mockApi({
      'GET /api/notifications/settings': settingsAnswer,
      'PUT /api/notifications/settings': { status: 500, body: { message: 'Something went wrong', code: 'internal' } },
    });
    const { user } = openSettings();
    await user.click(await screen.findByRole('switch', { name: 'Order updates: In the bell' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('switch', { name: 'Order updates: In the bell' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says when this browser cannot show notifications, and offers no Turn on', async () => {
    mockApi({ 'GET /api/notifications/settings': settingsAnswer });
    openSettings();
    expect(await screen.findByTestId('push-state')).toHaveTextContent(NOTIFICATION_MESSAGES.pushUnsupported);
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('says when the browser blocks them, and shows every push switched off there, with the reason', async () => {
    fakeBrowserPush('denied');
    mockApi({ 'GET /api/notifications/settings': settingsAnswer });
    openSettings();
    expect(await screen.findByTestId('push-state')).toHaveTextContent(NOTIFICATION_MESSAGES.pushDenied);
    expect(screen.queryByRole('button', { name: /^Turn/ })).toBeNull();
    const push = await screen.findByRole('switch', { name: 'Top-ups: Push' });
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription(expect.stringContaining(NOTIFICATION_MESSAGES.pushDenied));
    // The bell is this browser's too: its switches stay as chosen.
    expect(screen.getByRole('switch', { name: 'Top-ups: In the bell' })).toHaveAttribute('aria-checked', 'true');
  });

  it('turns them on (permission, the emulators’ token, registered) and off again', async () => {
    const browser = fakeBrowserPush('default');
    const { calls } = mockApi({
      ...DEMO_WEB_CONFIG,
      'GET /api/notifications/settings': settingsAnswer,
      'POST /api/notifications/devices': { status: 204 },
      'POST /api/notifications/devices/remove': { status: 204 },
    });
    const { user } = openSettings();
    expect(await screen.findByTestId('push-state')).toHaveTextContent(/^Off/);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Notifications are on for this phone.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(screen.getByTestId('push-state')).toHaveTextContent(/^On/);
    const device = readPushDevice();
    expect(device).toEqual({ token: expect.stringMatching(/^emulator-[\w-]+$/), uid: customer.uid });
    expect(calls.filter((call) => call.path === '/api/notifications/devices').map((call) => call.body)).toEqual([{ token: device?.token }]);

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Notifications are off for this phone.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/notifications/devices/remove').map((call) => call.body)).toEqual([
      { token: device?.token },
    ]);
    expect(readPushDevice()).toBeNull();
    expect(screen.getByTestId('push-state')).toHaveTextContent(/^Off/);
  });

  it('keeps the device when the server could not be told, so Turn off can be tried again', async () => {
    fakeBrowserPush('granted');
    writePushDevice({ token: 'emulator-abc', uid: customer.uid });
    mockApi({
      'GET /api/notifications/settings': settingsAnswer,
      'POST /api/notifications/devices/remove': { networkError: true },
    });
    const { user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not turn off notifications on this phone. Please try again.');
    expect(readPushDevice()).toEqual({ token: 'emulator-abc', uid: customer.uid });
  });

  it('says the contract’s message when registering fails, and stays off', async () => {
    fakeBrowserPush('default');
    mockApi({
      ...DEMO_WEB_CONFIG,
      'GET /api/notifications/settings': settingsAnswer,
      'POST /api/notifications/devices': { status: 500, body: { message: 'Something went wrong', code: 'internal' } },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.pushFailed);
    expect(readPushDevice()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
