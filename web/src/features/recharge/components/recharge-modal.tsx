// Recharge: the amount, the wallet accounts to pay into, the proof on chat, and the in-app request
// with the wallet's transaction id and, optionally, a screenshot of the payment (shrunk and uploaded to
// Storage first), with the user's requests and their status.
import { PROOF_MESSAGES } from '@shared/payment-proof';
import { LIMITS, rechargeRequestBody, type Settings } from '@shared/schemas';
import { useId, useState } from 'react';
import type { z } from 'zod/mini';
import { OfflineReason } from '@/components/pwa/offline-reason';
import { Button, buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { RequestStatusBadge } from '@/components/ui/status-badge';
import { useToast } from '@/components/ui/toasts';
import { useCreateRechargeRequest } from '@/features/recharge/api/create-recharge-request';
import { useMyRechargeRequests } from '@/features/recharge/api/get-my-recharge-requests';
import { uploadProof } from '@/features/recharge/api/upload-proof';
import { ProofPicker } from '@/features/recharge/components/proof-picker';
import { WalletList } from '@/features/recharge/components/wallet-list';
import { ApiError } from '@/lib/api-error';
import { useForm } from '@/lib/form';
import { formatAmount, formatDate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useOnline } from '@/lib/network';
import { offerPushOptIn } from '@/lib/push-opt-in';
import { chatLink } from '@/lib/settings';

type RechargeFormInput = z.input<typeof rechargeRequestBody>;

export interface RechargeModalProps {
  open: boolean;
  onClose: () => void;
  email: string;
  settings: Settings | undefined;
}

export function RechargeModal({ open, onClose, email, settings }: RechargeModalProps) {
  const toast = useToast();
  const createRequest = useCreateRechargeRequest();
  const requests = useMyRechargeRequests(open);
  const { send } = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [picture, setPicture] = useState<Blob | null>(null);
  // The picture's path once uploaded: a request sent again (after a failure) does not upload it twice.
  const [uploaded, setUploaded] = useState<{ picture: Blob; path: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const online = useOnline();
  const offlineReasonId = useId();
  const {
    register,
    handleSubmit,
    watch,
    resetField,
    formState: { errors },
  } = useForm<RechargeFormInput>({
    schema: rechargeRequestBody,
    defaultValues: { amount: LIMITS.minRecharge, method: '', reference: '' },
  });

  const amount = watch('amount');
  const method = watch('method');
  const validAmount = Number.isFinite(amount) && amount >= LIMITS.minRecharge;
  const proofText = `Hello, I sent ${validAmount ? formatAmount(amount) : 'Rs ...'}${method ? ` via ${method}` : ''} to recharge my Shohrat balance. My account email: ${email}`;

  const onSubmit = handleSubmit(async (values) => {
    if (!online) return;
    setFailure(null);
    let proof: string | undefined;
    if (picture) {
      proof = uploaded?.picture === picture ? uploaded.path : undefined;
      if (!proof) {
        setProgress(0);
        try {
          proof = await uploadProof(picture, setProgress);
          setUploaded({ picture, path: proof });
        } catch {
          setFailure(`❌ ${PROOF_MESSAGES.uploadFailed}`);
          return;
        } finally {
          setProgress(null);
        }
      }
    }
    const body = { amount: values.amount, method: values.method.trim(), reference: values.reference.trim(), ...(proof ? { proof } : {}) };
    try {
      await send(body, (idempotencyKey) => createRequest.mutateAsync({ body, idempotencyKey }));
      toast.success('Recharge request submitted. Your balance is credited once the payment is checked.');
      resetField('reference');
      setPicture(null);
      setUploaded(null);
      offerPushOptIn('topup');
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure(`❌ ${error.message}`);
      } else {
        setFailure('❌ Server error, try again.');
      }
    }
  });

  return (
    <Modal open={open} onClose={onClose} title="Recharge Balance" size="lg">
      <div className="space-y-5">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField
            label="Amount (Rs)"
            type="number"
            inputMode="decimal"
            min={LIMITS.minRecharge}
            step="any"
            hint={`Minimum recharge is Rs ${LIMITS.minRecharge}.`}
            error={errors.amount?.message}
            data-autofocus
            {...register('amount', { valueAsNumber: true })}
          />

          <section aria-labelledby="wallets-heading" className="space-y-3">
            <h3 id="wallets-heading" className="text-sm font-bold text-slate-900">
              1. Send the amount to one of these accounts
            </h3>
            {settings ? <WalletList wallets={settings.wallets} /> : <LoadingBlock className="min-h-32" />}
          </section>

          <section aria-labelledby="proof-heading" className="space-y-2">
            <h3 id="proof-heading" className="text-sm font-bold text-slate-900">
              2. Send the proof
            </h3>
            <p className="text-sm text-slate-700">
              Send a screenshot of the payment with the amount and your email (<span className="font-semibold">{email}</span>) on chat.
            </p>
            {settings ? (
              <a
                href={chatLink(settings.supportChat, proofText)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ variant: 'success', size: 'sm' })}
              >
                Send proof on chat
              </a>
            ) : null}
          </section>

          <section aria-labelledby="request-heading" className="space-y-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <h3 id="request-heading" className="text-sm font-bold text-slate-900">
              3. Or submit the transaction ID here
            </h3>
            <SelectField label="Wallet" error={errors.method?.message} {...register('method')}>
              <option value="">Select a wallet…</option>
              {settings?.wallets.map((wallet) => (
                <option key={wallet.provider} value={wallet.provider}>
                  {wallet.provider}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Transaction ID"
              autoComplete="off"
              placeholder="e.g. 8123456789"
              error={errors.reference?.message}
              {...register('reference')}
            />
            <ProofPicker picture={picture} onChange={setPicture} progress={progress} disabled={!online} />
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <Button
              type="submit"
              block
              loading={createRequest.isPending || progress !== null}
              disabled={!online}
              aria-describedby={online ? undefined : offlineReasonId}
            >
              Submit recharge request
            </Button>
            {online ? null : (
              <OfflineReason id={offlineReasonId}>
                You are offline. Recharge requests can be sent again once you are back online.
              </OfflineReason>
            )}
          </section>
        </form>

        <section aria-labelledby="my-requests-heading" className="space-y-2">
          <h3 id="my-requests-heading" className="text-sm font-bold text-slate-900">
            Your recharge requests
          </h3>
          {requests.isPending ? (
            <LoadingBlock className="min-h-20" />
          ) : requests.isError ? (
            <FormAlert>Could not load your requests.</FormAlert>
          ) : (
            <DataTable
              caption="Your recharge requests"
              rows={requests.data}
              getKey={(request) => request._id}
              emptyText="No recharge requests yet."
              columns={[
                { header: 'Date', cell: (request) => formatDate(request.createdAt) },
                { header: 'Amount', cell: (request) => <span className="font-semibold">{formatAmount(request.amount)}</span> },
                { header: 'Wallet', cell: (request) => request.method },
                { header: 'Status', cell: (request) => <RequestStatusBadge status={request.status} /> },
              ]}
            />
          )}
        </section>
      </div>
    </Modal>
  );
}
