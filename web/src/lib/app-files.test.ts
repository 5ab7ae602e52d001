import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/render';
import { APP_FILES_ID, prefetchAppFiles, readAppFiles } from './app-files';

afterEach(() => {
  document.head.innerHTML = '';
});

function pageNaming(files: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = APP_FILES_ID;
  block.textContent = JSON.stringify(files);
  document.head.append(block);
}

const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));
const tasks = (count: number) => new Promise((done) => setTimeout(done, count * 5));

describe('prefetchAppFiles', () => {
  const files = {
    app: ['/assets/start-a.js', '/assets/zod-b.js'],
    screens: { '/services': ['/assets/services-c.js', '/assets/zod-b.js'] },
  };

  it('prefetches the app’s files and those of the page’s screen, each once, one per task', async () => {
    pageNaming(files);
    prefetchAppFiles('/services', document, true);
    expect(prefetched()).toEqual(['/assets/start-a.js']);
    await tasks(4);
    expect(prefetched()).toEqual(['/assets/start-a.js', '/assets/zod-b.js', '/assets/services-c.js']);
  });

  it('asks for no screen’s files on a page without one, and for none the page already links', async () => {
    pageNaming(files);
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = '/assets/start-a.js';
    document.head.append(preload);
    prefetchAppFiles('/', document, true);
    await tasks(4);
    expect(prefetched()).toEqual(['/assets/zod-b.js']);
  });

  it('fetches them at low priority, one per task, in a browser without link prefetch (Safari)', async () => {
    pageNaming(files);
    const { calls } = mockApi({});
    prefetchAppFiles('/services', document, false);
    await tasks(4);
    expect(calls.map((call) => call.path)).toEqual(['/assets/start-a.js', '/assets/zod-b.js', '/assets/services-c.js']);
    expect(prefetched()).toEqual([]);
  });

  it('does nothing on a page without a list, or with one that is not a list of the app’s files', async () => {
    prefetchAppFiles('/services', document, true);
    pageNaming({ app: ['https://elsewhere.example/x.js'], screens: {} });
    expect(readAppFiles()).toBeNull();
    prefetchAppFiles('/services', document, true);
    await tasks(2);
    expect(prefetched()).toEqual([]);
  });
});
