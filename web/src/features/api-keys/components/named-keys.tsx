// A reseller's named keys: one per site or script, each revocable on its own, each with when it was made
// and last used. A new key is shown once, as the default key is. The name is checked with the server's
// schema before it is sent; the server's refusals (the limit, a name in use) show under the field.
import { API_KEY_LIMITS, createNamedApiKeyBody } from '@shared/schemas/accounts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useCreateNamedApiKey } from '@/features/api-keys/api/create-named-api-key';
import { type ApiKeySummary, useApiKeys } from '@/features/api-keys/api/get-api-keys';
import { useRevokeApiKeyById } from '@/features/api-keys/api/revoke-api-key';
import { ApiError, errorMessage } from '@/lib/api-error';
import { formatPakistanDateTime } from '@/lib/format';
import { NewKey, NO_ANSWER } from './new-key';

/** "Last used 5 Nov 2026, 14:03 PKT", or that it never was. */
export function lastUse(key: Pick<ApiKeySummary, 'lastUsedAt'>): string {
  return key.lastUsedAt ? `Last used ${formatPakistanDateTime(key.lastUsedAt)}` : 'Not used yet';
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="named-key">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold wrap-anywhere text-slate-900" dir="auto">
          {apiKey.name}
        </p>
        <p className="text-slate-700">
          key ending <span className="font-mono">{apiKey.last4}</span>
        </p>
        <p className="text-slate-600">Created {formatPakistanDateTime(apiKey.createdAt)}</p>
        <p className="text-slate-600">{lastUse(apiKey)}</p>
      </div>
      <Button variant="secondary" onClick={onRevoke} aria-label={`Revoke the key ${apiKey.name}`}>
        Revoke
      </Button>
    </li>
  );
}

export function NamedKeysCard() {
  const toast = useToast();
  const keys = useApiKeys();
  const create = useCreateNamedApiKey();
  const revoke = useRevokeApiKeyById();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<{ key: string; id: string } | null>(null);
  const [confirming, setConfirming] = useState<ApiKeySummary | null>(null);
  const named = keys.data?.keys.filter((key) => !key.default) ?? [];
  const limit = keys.data?.limit ?? API_KEY_LIMITS.named;
  const full = named.length >= limit;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createNamedApiKeyBody.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const { key, apiKey } = await create.mutateAsync(parsed.data.name);
      setName('');
      setCreated({ key, id: apiKey.id });
      toast.success('✅ New API key created. Copy it now.');
    } catch (failure) {
      if (failure instanceof ApiError && (failure.code === 'api_key_limit' || failure.field === 'name')) setError(failure.message);
      else toast.error(`❌ ${errorMessage(failure, NO_ANSWER)}`);
    }
  };

  const onRevoke = async () => {
    if (!confirming) return;
    try {
      const answer = await revoke.mutateAsync(confirming.id);
      // A key shown once and revoked since is no key to copy; a refusal of the form's is out of date.
      if (created?.id === confirming.id) setCreated(null);
      setError(undefined);
      toast.success(`✅ ${answer.message}`);
    } catch (failure) {
      toast.error(`❌ ${errorMessage(failure, NO_ANSWER)}`);
    }
    setConfirming(null);
  };

  return (
    <Card aria-labelledby="named-keys-heading" className="space-y-4">
      <div>
        <h2 id="named-keys-heading" className="text-lg font-bold text-slate-900">
          Keys for your sites and scripts
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Give each site or script a key of its own: revoke one and the others keep working. All your keys spend the same balance and share
          one set of limits. You can hold up to {limit} beside the key above.
        </p>
      </div>
      {keys.isPending ? (
        <LoadingBlock className="min-h-16" />
      ) : keys.isError ? (
        <FormAlert>Failed to fetch your API keys.</FormAlert>
      ) : named.length === 0 ? (
        <p className="text-sm text-slate-700">No named keys yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Named API keys">
          {named.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={() => setConfirming(key)} />
          ))}
        </ul>
      )}
      {created ? (
        <NewKey
          value={created.key}
          onDone={() => setCreated(null)}
          lost="If you lose it, revoke it here and make another: your other keys keep working."
        />
      ) : null}
      {keys.isSuccess ? (
        full ? (
          <p className="text-sm text-slate-700" data-testid="named-keys-full">
            You have {limit} named keys: revoke one to make another.
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2" aria-label="New named key">
            <div className="min-w-0 flex-1 basis-56">
              <TextField
                label="Name of the site or script"
                value={name}
                maxLength={API_KEY_LIMITS.name}
                dir="auto"
                autoComplete="off"
                placeholder="e.g. My site"
                onChange={(event) => {
                  setName(event.target.value);
                  setError(undefined);
                }}
                error={error}
              />
            </div>
            <Button type="submit" loading={create.isPending}>
              Create named key
            </Button>
          </form>
        )
      ) : null}
      <Modal open={confirming !== null} onClose={() => setConfirming(null)} title="Revoke this key?">
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            <span className="font-semibold wrap-anywhere" dir="auto">
              {confirming?.name}
            </span>{' '}
            stops working at once. Sites and scripts using it will get "Invalid API key"; your other keys keep working.
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button variant="danger" className="flex-1" loading={revoke.isPending} onClick={onRevoke}>
              Revoke key
            </Button>
          </div>
        </div>
      </Modal>
    </Card>
  );
}
