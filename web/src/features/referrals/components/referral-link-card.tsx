// The customer's referral link, to copy or share. The link is a read-only box, left to right whatever the page's
// direction: where the clipboard refuses (an old browser, a page not allowed to write it), its text is selected for
// the customer to copy by hand, and the page says so.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { controlClass } from '@/components/ui/form-field';

type CopyState = 'idle' | 'copied' | 'failed';

export function ReferralLinkCard({ link }: { link: string }) {
  const box = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);
  // Read once: the Share sheet is there or not for the page's life.
  const [canShare] = useState(() => typeof navigator !== 'undefined' && typeof navigator.share === 'function');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      box.current?.focus();
      box.current?.setSelectionRange(0, link.length);
      setCopy('failed');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: 'Shohrat', text: 'Grow your TikTok, Instagram and Facebook with Shohrat.', url: link });
    } catch {
      // Closed without sharing, or refused: nothing to say.
    }
  };

  return (
    <Card aria-labelledby="referral-link-heading" className="space-y-3">
      <h2 id="referral-link-heading" className="text-lg font-bold text-slate-900">
        Your referral link
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="referral-link" className="sr-only">
          Referral link
        </label>
        <input
          id="referral-link"
          ref={box}
          readOnly
          dir="ltr"
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClass} min-h-11 min-w-0 flex-1 font-mono`}
        />
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => void copyLink()}>
            {copy === 'copied' ? 'Copied' : 'Copy link'}
          </Button>
          {canShare ? (
            <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => void share()}>
              Share link
            </Button>
          ) : null}
        </div>
      </div>
      <p role="status" className={copy === 'failed' ? 'text-sm font-medium text-red-700' : 'sr-only'}>
        {copy === 'copied'
          ? 'Link copied'
          : copy === 'failed'
            ? 'Could not copy the link: it is selected in the box, copy it from there.'
            : ''}
      </p>
    </Card>
  );
}
