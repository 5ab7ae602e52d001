// The reseller's API page: the endpoint, their key (create, replace, revoke; a new key is shown once)
// and the balance API orders are paid from.
import { API_V2_CURRENCY, API_V2_PATH } from '@shared/api-v2';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyableCode } from '@/components/ui/copy-button';
import { FormAlert } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { useCreateApiKey } from '@/features/api-keys/api/create-api-key';
import { type ApiKeyInfo, useApiKey } from '@/features/api-keys/api/get-api-key';
import { useApiKeys } from '@/features/api-keys/api/get-api-keys';
import { useRevokeApiKey } from '@/features/api-keys/api/revoke-api-key';
import { errorMessage } from '@/lib/api-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useProfile } from '@/lib/profile';
import { lastUse, NamedKeysCard } from './named-keys';
import { NewKey, NO_ANSWER } from './new-key';

function EndpointCard() {
  const endpoint = `${window.location.origin}${API_V2_PATH}`;
  return (
    <Card aria-labelledby="api-endpoint-heading">
      <h2 id="api-endpoint-heading" className="text-lg font-bold text-slate-900">
        Endpoint
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Send every request as a <span className="font-semibold">POST</span> to this address, with your key and an action.
      </p>
      <CopyableCode
        className="mt-3 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
        value={endpoint}
        label="endpoint URL"
        testId="api-endpoint"
      />
      <Link to={paths.apiDocs.getHref()} className={`${buttonClass({ variant: 'secondary', size: 'sm' })} mt-4`}>
        Read the API documentation
      </Link>
    </Card>
  );
}

function BalanceCard() {
  const profile = useProfile();
  return (
    <Card aria-labelledby="api-balance-heading">
      <h2 id="api-balance-heading" className="text-lg font-bold text-slate-900">
        Balance
      </h2>
      {profile.isPending ? (
        <LoadingBlock className="min-h-16" />
      ) : profile.isError ? (
        <FormAlert>Failed to fetch your balance.</FormAlert>
      ) : (
        <p className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 tabular-nums" data-testid="api-balance">
          {formatAmount(profile.data.balance)}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-700">
        Orders placed through the API are paid from this balance, like orders placed here. The API reports amounts in {API_V2_CURRENCY}.
      </p>
      <Link to={paths.dashboard.getHref()} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Recharge from your dashboard
      </Link>
    </Card>
  );
}

function KeyStatus({ info, lastUsedAt }: { info: ApiKeyInfo; lastUsedAt: string | null | undefined }) {
  if (!info.exists) {
    return <p className="text-sm text-slate-700">You have no API key yet. Create one to connect your site or script.</p>;
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Status</dt>
      <dd className="font-semibold text-emerald-800">Active</dd>
      <dt className="text-slate-600">Key</dt>
      <dd className="text-slate-900">
        key ending <span className="font-mono">{info.last4}</span>
      </dd>
      <dt className="text-slate-600">Created</dt>
      <dd className="text-slate-900">{info.createdAt ? formatDateTime(info.createdAt) : '—'}</dd>
      {lastUsedAt !== undefined ? (
        <>
          <dt className="text-slate-600">Used</dt>
          <dd className="text-slate-900" data-testid="api-key-last-use">
            {lastUse({ lastUsedAt })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

type Confirming = 'replace' | 'revoke' | null;

function KeyCard() {
  const toast = useToast();
  const info = useApiKey();
  // The default key's last use, from the list of every key: only while the list speaks of the key shown
  // (after a replace, one answer may come before the other).
  const listed = useApiKeys().data?.keys.find(
    (key) => key.default && key.last4 === info.data?.last4 && key.createdAt === info.data?.createdAt,
  );
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [newKey, setNewKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const exists = info.data?.exists === true;

  const onCreate = async () => {
    try {
      const { key } = await create.mutateAsync();
      setConfirming(null);
      setNewKey(key);
      toast.success('✅ New API key created. Copy it now.');
    } catch (error) {
      setConfirming(null);
      toast.error(`❌ ${errorMessage(error, NO_ANSWER)}`);
    }
  };

  const onRevoke = async () => {
    try {
      const answer = await revoke.mutateAsync();
      setConfirming(null);
      setNewKey(null);
      toast.success(`✅ ${answer.message}`);
    } catch (error) {
      setConfirming(null);
      toast.error(`❌ ${errorMessage(error, NO_ANSWER)}`);
    }
  };

  return (
    <Card aria-labelledby="api-key-heading" className="space-y-4">
      <h2 id="api-key-heading" className="text-lg font-bold text-slate-900">
        API key
      </h2>
      {info.isPending ? (
        <LoadingBlock className="min-h-16" />
      ) : info.isError ? (
        <FormAlert>Failed to fetch your API key status.</FormAlert>
      ) : (
        <KeyStatus info={info.data} lastUsedAt={listed ? listed.lastUsedAt : undefined} />
      )}
      {newKey ? <NewKey value={newKey} onDone={() => setNewKey(null)} /> : null}
      {info.isSuccess ? (
        <div className="flex flex-wrap gap-2">
          {exists ? (
            <>
              <Button variant="secondary" onClick={() => setConfirming('replace')}>
                Replace key
              </Button>
              <Button variant="danger" onClick={() => setConfirming('revoke')}>
                Revoke key
              </Button>
            </>
          ) : (
            <Button loading={create.isPending} onClick={onCreate}>
              Create API key
            </Button>
          )}
        </div>
      ) : null}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'revoke' ? 'Revoke your API key?' : 'Replace your API key?'}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {confirming === 'revoke'
              ? 'Your key stops working at once. Sites and scripts using it will get "Invalid API key" until you create a new key.'
              : 'Your current key stops working at once. Sites and scripts using it will get "Invalid API key" until you give them the new key.'}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            {confirming === 'revoke' ? (
              <Button variant="danger" className="flex-1" loading={revoke.isPending} onClick={onRevoke}>
                Revoke key
              </Button>
            ) : (
              <Button variant="danger" className="flex-1" loading={create.isPending} onClick={onCreate}>
                Replace key
              </Button>
            )}
          </div>
        </div>
      </Modal>
    </Card>
  );
}

export function ApiAccess() {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <KeyCard />
        <NamedKeysCard />
      </div>
      <div className="min-w-0 space-y-6">
        <BalanceCard />
        <EndpointCard />
      </div>
    </div>
  );
}
