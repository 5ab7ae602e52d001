import { ApiError } from '@/lib/api-error';

/** The admin alerts of the spec: '❌ ' and the server's message, or a fixed text when no answer came. */
export function adminFailure(error: unknown, networkText = '❌ Server error, try again.'): string {
  return error instanceof ApiError ? `❌ ${error.message}` : networkText;
}
