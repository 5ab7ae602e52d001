// The public reseller API documentation. Its content is data (../examples.ts), checked against the
// shared constants by examples.test.ts and against the real server by the reseller-api browser test.

import { API_KEY_LIMITS } from '@shared/api-keys';
import { API_V2_CURRENCY, API_V2_ERRORS, API_V2_MAX_IDS, API_V2_REFILL_STATUS, API_V2_STATUS, REFILL_STATUSES } from '@shared/api-v2';
import { REFILL_DAYS } from '@shared/catalogue';
import { ORDER_STATUSES } from '@shared/order-status';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { CopyableCode } from '@/components/ui/copy-button';
import { paths } from '@/config/paths';
import {
  API_EXAMPLES,
  type ApiExample,
  COMMON_ERRORS,
  codeSamples,
  endpointUrl,
  formLines,
  KEY_PLACEHOLDER,
  ORDER_LIMIT_TEXT,
  RATE_LIMIT_TEXT,
  REQUEST_SHAPES,
  shapeCommand,
  WRONG_KEY_LIMIT_TEXT,
} from '@/features/api-docs/examples';
import { CodeBlock } from './code-block';
import { CodeTabs } from './code-tabs';

const REMAINS: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: 'Waiting to start; remains is what the delivery still owes once it reports it, else "0".',
  processing: 'Being delivered; remains is what is still to deliver as last reported (start_count: the count it started from), else "0".',
  completed: 'Delivered in full; remains is "0".',
  partial: 'Ended with part of it delivered; remains is what was not, and its share of the price went back to your balance.',
  cancelled: 'Cancelled and refunded in full; remains is the whole quantity.',
};

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-20 space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Sub({ children }: { children: ReactNode }) {
  return <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{children}</h3>;
}

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900">{children}</code>;
}

function ActionSection({ example }: { example: ApiExample }) {
  const params = [
    { name: 'key', description: 'Your API key.' },
    { name: 'action', description: <Code>{example.action}</Code> },
    ...example.params,
  ];
  return (
    <Section id={`action-${example.id}`} title={example.title}>
      <p className="text-slate-700">{example.summary}</p>
      <div className="space-y-2">
        <Sub>Parameters</Sub>
        <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {params.map((param) => (
            <div key={param.name} className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
              <dt className="font-mono text-sm font-semibold text-slate-900">{param.name}</dt>
              <dd className="text-sm text-slate-700">{param.description}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0 space-y-2">
          <Sub>Request (form fields)</Sub>
          <CodeBlock code={formLines(example.request)} />
        </div>
        <div className="min-w-0 space-y-2">
          <Sub>Answer</Sub>
          <CodeBlock code={JSON.stringify(example.answer, null, 2)} />
        </div>
      </div>
      {example.errors.length > 0 ? (
        <div className="space-y-2">
          <Sub>Errors of this action</Sub>
          <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
            {example.errors.map((error) => (
              <li key={error}>
                <Code>{JSON.stringify({ error })}</Code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {example.notes?.map((note) => (
        <p key={note} className="text-sm text-slate-700">
          {note}
        </p>
      ))}
    </Section>
  );
}

export function ApiDocs() {
  const endpoint = endpointUrl(window.location.origin);
  const samples = codeSamples({ endpoint });

  return (
    <div className="space-y-6">
      <Section id="start" title="Getting started">
        <p className="text-slate-700">
          Our API v2 speaks the same language as most SMM panels, so a script or reseller site written for another panel works with ours
          once you change the address and the key. Orders placed through it are paid from your balance and appear in your dashboard like any
          other order.
        </p>
        <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          <div className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-slate-900">Address</dt>
            <CopyableCode as="dd" className="min-w-0" value={endpoint} label="endpoint URL" testId="docs-endpoint" />
          </div>
          <div className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-slate-900">Method</dt>
            <dd className="text-sm text-slate-700">
              <Code>POST</Code> with form fields (<Code>application/x-www-form-urlencoded</Code>), as nearly every client sends them. A JSON
              body, <Code>multipart/form-data</Code> (JS <Code>FormData</Code>, PHP curl given an array) and a <Code>GET</Code> with every
              parameter in the query string work too: see{' '}
              <a href="#request-shapes" className="font-semibold text-brand-700 hover:underline">
                the four ways
              </a>
              . Prefer a POST: a <Code>GET</Code> puts your key in the URL, which proxies and server logs may keep. A parameter sent in both
              the query string and the body must have the same value there, or the request is refused.
            </dd>
          </div>
          <div className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-slate-900">Key</dt>
            <dd className="text-sm text-slate-700">
              Every request carries your key in the <Code>key</Code> field. Sign in and create it on your{' '}
              <Link to={paths.apiAccess.getHref()} className="font-semibold text-brand-700 hover:underline">
                API page
              </Link>
              . We show it once: keep it secret, and replace it there if it leaks. You may hold up to {API_KEY_LIMITS.named} named keys
              beside it, one per site or script, each revocable on its own; the page shows when each was last used.
            </dd>
          </div>
          <div className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-slate-900">Currency</dt>
            <dd className="text-sm text-slate-700">
              Pakistani rupees: amounts have two decimals and answers name the currency as <Code>{JSON.stringify(API_V2_CURRENCY)}</Code>.
            </dd>
          </div>
          <div className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-slate-900">Limits</dt>
            <dd className="text-sm text-slate-700" data-testid="docs-rate-limit">
              <p>
                {RATE_LIMIT_TEXT}; at most {API_V2_MAX_IDS} numbers in one list.
              </p>
              <p className="mt-1">{WRONG_KEY_LIMIT_TEXT}.</p>
              <p className="mt-1">{ORDER_LIMIT_TEXT}.</p>
            </dd>
          </div>
        </dl>
        <nav aria-label="API actions">
          <Sub>Actions</Sub>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {API_EXAMPLES.map((example) => (
              <li key={example.id}>
                <a href={`#action-${example.id}`} className="text-sm font-medium text-brand-700 hover:underline">
                  {example.title}
                </a>{' '}
                <span className="font-mono text-xs text-slate-600">{example.action}</span>
              </li>
            ))}
            <li>
              <a href="#code-samples" className="inline-flex items-center text-sm font-medium text-brand-700 hover:underline">
                Code samples: curl, PHP, Node.js
              </a>
            </li>
          </ul>
        </nav>
      </Section>

      <Section id="request-shapes" title="Four ways to send a request">
        <p className="text-slate-700">The same balance request in each shape the API reads; all four get the same answer.</p>
        {REQUEST_SHAPES.map(({ shape, label }) => (
          <div key={shape} data-testid={`request-shape-${shape}`}>
            <Sub>{label}</Sub>
            <CodeBlock code={shapeCommand(shape, endpoint, KEY_PLACEHOLDER, { action: 'balance' })} />
          </div>
        ))}
      </Section>

      <Section id="answers" title="Reading the answers">
        <ul className="list-disc space-y-2 ps-5 text-slate-700">
          <li>
            Every answer is JSON with HTTP status 200, errors included: an error is an object with a single <Code>error</Code> field. Check
            for it before reading anything else.
          </li>
          <li>
            The exception is the rate limit (see Limits above): past it, the answer has status 429, the error{' '}
            <Code>{API_V2_ERRORS.tooManyRequests}</Code> and a <Code>Retry-After</Code> header with the seconds to wait before sending the
            request again.
          </li>
          <li>
            <Code>{API_V2_ERRORS.busy}</Code> means nothing was done (too many requests for one balance at once): send the same request
            again. <Code>{API_V2_ERRORS.serverError}</Code>, or rarely a status of 500 or above, means something failed on our side: try
            again a little later. A repeated <Code>add</Code> for a link whose order is still active is refused, so a retry never orders
            twice.
          </li>
          <li>
            Amounts and counts come as strings (<Code>"1100.00"</Code>, <Code>"10"</Code>); service, order and refill numbers come as JSON
            numbers (a drip-feed's <Code>orders</Code> too), and the <Code>refill</Code>, <Code>cancel</Code> and <Code>dripfeed</Code>{' '}
            flags as <Code>true</Code> or <Code>false</Code>.
          </li>
          <li>
            A list of numbers is separated by commas and holds at most {API_V2_MAX_IDS}; in the answer, each number gets its own result or
            its own error.
          </li>
          <li>An order or refill of another customer is answered exactly as one that does not exist.</li>
        </ul>
        <div className="space-y-2">
          <Sub>Errors every action can answer</Sub>
          <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {COMMON_ERRORS.map(({ error, when }) => (
              <div key={error} className="grid gap-1 px-3 py-2 sm:grid-cols-[14rem_1fr] sm:gap-4">
                <dt className="text-sm">
                  <Code>{JSON.stringify({ error })}</Code>
                </dt>
                <dd className="text-sm text-slate-700">{when}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="space-y-2">
          <Sub>Order status words</Sub>
          <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {ORDER_STATUSES.map((status) => (
              <div key={status} className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
                <dt className="text-sm">
                  <Code>{API_V2_STATUS[status]}</Code>
                </dt>
                <dd className="text-sm text-slate-700">{REMAINS[status]}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-700">
            Refill requests are <Code>{API_V2_REFILL_STATUS.pending}</Code> until our team decides, then{' '}
            {REFILL_STATUSES.filter((status) => status !== 'pending').map((status, index) => (
              <span key={status}>
                {index > 0 ? ' or ' : ''}
                <Code>{API_V2_REFILL_STATUS[status]}</Code>
              </span>
            ))}
            . A refill can be asked for within the refill window of the order's service (set per service, usually {REFILL_DAYS} days) after
            the order completes.
          </p>
        </div>
      </Section>

      {API_EXAMPLES.map((example) => (
        <ActionSection key={example.id} example={example} />
      ))}

      <Section id="code-samples" title="Code samples: place an order and follow it">
        <p className="text-slate-700">
          Each sample places the order from the “Place an order” example, then asks for its status every minute until it is finished. Put
          your key in place of <Code>{KEY_PLACEHOLDER}</Code>.
        </p>
        <CodeTabs samples={samples} label="Language" />
      </Section>
    </div>
  );
}
