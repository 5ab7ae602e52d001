// Files the API makes (CSV exports, the statement): fetched with the user's token like any call (a plain
// link would not send it), then handed to the browser as a download. Apart from api-client.ts so the
// screens that never download anything do not carry it.
import { authHeaders, failure, type RequestOptions, send, withParams } from '@/lib/api-client';

/** The name the server gave the file (`Content-Disposition: attachment; filename="…"`), if any. */
export function attachmentName(disposition: string | null): string | null {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : null;
}

/**
 * A file the API makes (a CSV export), fetched with the user's token (a plain link would not send it):
 * its bytes and the name the server gave it (it says which days it holds), or the server's refusal as
 * ApiError.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'params' | 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers = await authHeaders('GET', { accept: 'text/csv, application/json' });
  const res = await send(withParams(`/api${path}`, options.params), { method: 'GET', headers, signal: options.signal });
  if (!res.ok) throw failure(res, await res.text());
  return { blob: await res.blob(), filename: attachmentName(res.headers.get('content-disposition')) };
}

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
