import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdButtonClicks, startOnFirstReach } from './first-reach';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A prerendered page: a button only the app answers, a submit button, a link, and a button outside the page's root. */
function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="clear">Clear</button>
      <form><button id="show">Show</button></form>
      <a href="#services" id="link"><span>Services</span></a>
    </div>
    <button type="button" id="outside">Outside</button>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { root: byId('root'), clear: byId('clear'), show: byId('show'), link: byId('link'), outside: byId('outside') };
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('holdButtonClicks', () => {
  it('holds a click on the page’s button until the app has taken over, then clicks it again for the app', async () => {
    const { root, clear } = page();
    const heard = vi.fn();
    clear.addEventListener('click', heard);
    const started = deferred();
    holdButtonClicks(root, started.promise);

    clear.click();
    clear.click();
    expect(heard).not.toHaveBeenCalled();
    started.resolve();
    await started.promise;
    await Promise.resolve();
    // Both taps, in order, now that the app answers them; later ones go straight through.
    expect(heard).toHaveBeenCalledTimes(2);
    clear.click();
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('keeps a submit button’s form from leaving the page while the app starts', () => {
    const { root, show } = page();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    show.closest('form')?.addEventListener('submit', submitted);
    holdButtonClicks(root, new Promise(() => undefined));
    show.click();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('lets links and what is outside the page go through at once', () => {
    const { root, link, outside } = page();
    const linkClicked = vi.fn((event: Event) => event.preventDefault());
    const outsideClicked = vi.fn();
    link.addEventListener('click', linkClicked);
    outside.addEventListener('click', outsideClicked);
    holdButtonClicks(root, new Promise(() => undefined));
    link.querySelector('span')?.click();
    outside.click();
    expect(linkClicked).toHaveBeenCalledTimes(1);
    expect(outsideClicked).toHaveBeenCalledTimes(1);
  });

  it('does the held clicks as the page alone would when the app fails to start: the form submits', async () => {
    const { root, show } = page();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    show.closest('form')?.addEventListener('submit', submitted);
    const started = deferred();
    holdButtonClicks(root, started.promise);
    show.click();
    started.reject(new Error('chunk failed'));
    await started.promise.catch(() => undefined);
    await Promise.resolve();
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});

describe('startOnFirstReach', () => {
  it('starts once, at the first of a touch, a scroll, a key or the pointer', () => {
    const start = vi.fn();
    startOnFirstReach(start);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('pointerdown'));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
