// Recharge: the amount, the wallet accounts to pay into, the proof on chat, and the in-app request
// with the wallet's transaction id, the number the customer paid from (the autopilot compares it with the
// wallet's SMS: docs/decisions/0015-top-up-autopilot.md) and, optionally, a screenshot of the payment (shrunk and uploaded to Storage
// first), with the user's requests and their status. Each wallet says whether its payments are credited
// automatically right now or checked by hand.
import { PROOF_MESSAGES } from '@shared/payment-proof';
import { LIMITS, text } from '@shared/schemas/fields';
import { rechargeRequestBody, type Settings } from '@shared/schemas/top-ups';
import { formatPayerNumber, normalizePayerNumber, PAYER_NUMBER_HINT } from '@shared/wallet-sms';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
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
import { useWalletStatus } from '@/features/recharge/api/get-wallet-status';
import { uploadProof } from '@/features/recharge/api/upload-proof';
import { ProofPicker } from '@/features/recharge/components/proof-picker';
import { WalletList } from '@/features/recharge/components/wallet-list';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { useForm } from '@/lib/form';
import { AMOUNT_TO_COME, formatAmount, formatDate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useOnline } from '@/lib/network';
import { profileQueryKey } from '@/lib/profile';
import { offerPushOptIn } from '@/lib/push-opt-in';
import { chatLink } from '@/lib/settings';
import { notificationsKey } from '@/lib/unread-notifications';

/** The form asks for the payer's number (the API takes requests without it, checked by hand). */
const rechargeFormSchema = z.extend(rechargeRequestBody, {
  payerNumber: text({ error: PAYER_NUMBER_HINT }).check(
    z.trim(),
    z.maxLength(40, PAYER_NUMBER_HINT),
    z.refine((value) => normalizePayerNumber(value) !== null, PAYER_NUMBER_HINT),
  ),
});
type RechargeFormInput = z.input<typeof rechargeFormSchema>;

export interface RechargeModalProps {
  open: boolean;
  onClose: () => void;
  email: string;
  settings: Settings | undefined;
  /** The number the customer last paid from (the profile remembers it). */
  payerNumber?: string | undefined;
}

export function RechargeModal({ open, onClose, email, settings, payerNumber }: RechargeModalProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const createRequest = useCreateRechargeRequest();
  const requests = useMyRechargeRequests(open);
  const walletStatus = useWalletStatus(open);
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
    field,
    handleSubmit,
    watch,
    resetField,
    formState: { errors },
  } = useForm<RechargeFormInput>({
    schema: rechargeFormSchema,
    defaultValues: {
      amount: LIMITS.minRecharge,
      method: '',
      reference: '',
      payerNumber: payerNumber ? formatPayerNumber(payerNumber) : '',
    },
  });

  const amount = watch('amount');
  const method = watch('method');
  const automatic = new Map((walletStatus.data ?? []).map((w) => [w.provider, w.automatic]));
  const chosenIsAutomatic = method ? automatic.get(method) : undefined;
  const validAmount = Number.isFinite(amount) && amount >= LIMITS.minRecharge;
  const proofText = `Hello, I sent ${validAmount ? formatAmount(amount) : AMOUNT_TO_COME}${method ? ` via ${method}` : ''} to recharge my Shohrat balance. My account email: ${email}`;

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
    const body = {
      amount: values.amount,
      method: values.method.trim(),
      reference: values.reference.trim(),
      payerNumber: values.payerNumber.trim(),
      ...(proof ? { proof } : {}),
    };
    try {
      const { request } = await send(body, (idempotencyKey) => createRequest.mutateAsync({ body, idempotencyKey }));
      if (request.status === 'approved') {
        // The wallet's SMS was here first: credited in the same answer.
        toast.success(`Top-up approved: ${formatAmount(request.creditedAmount ?? request.amount)} added to your balance.`);
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(user?.uid) });
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      } else if (automatic.get(request.method)) {
        toast.success('Recharge request submitted. Your balance is credited as soon as the wallet’s payment message arrives.');
      } else {
        toast.success('Recharge request submitted. Your balance is credited once the payment is checked.');
      }
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
            dir="ltr"
            min={LIMITS.minRecharge}
            step="any"
            hint={`Minimum recharge is ${formatAmount(LIMITS.minRecharge)}.`}
            error={errors.amount?.message}
            data-autofocus
            {...register('amount', { valueAsNumber: true })}
          />

          <section aria-labelledby="wallets-heading" className="space-y-3">
            <h3 id="wallets-heading" className="text-sm font-bold text-slate-900">
              1. Send the amount to one of these accounts
            </h3>
            {settings ? (
              <WalletList wallets={settings.wallets} automatic={walletStatus.data ? automatic : undefined} />
            ) : (
              <LoadingBlock className="min-h-32" />
            )}
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
            <SelectField
              label="Wallet"
              error={errors.method?.message}
              hint={
                chosenIsAutomatic === undefined
                  ? undefined
                  : chosenIsAutomatic
                    ? `${method} payments are credited automatically, usually within a minute.`
                    : `${method} payments are checked by hand: your balance is credited once the admin confirms the payment.`
              }
              {...register('method')}
            >
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
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              placeholder="e.g. 8123456789"
              {...field('reference')}
            />
            <TextField
              label="Paid from (mobile number or account)"
              type="tel"
              inputMode="tel"
              dir="ltr"
              autoComplete="tel"
              placeholder="e.g. 0345 1234567"
              hint="The number the payment came from: we match it with the wallet’s message."
              {...field('payerNumber')}
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
                {
                  header: 'Status',
                  cell: (request) => (
                    <span className="inline-flex flex-wrap items-center gap-1">
                      <RequestStatusBadge status={request.status} />
                      {request.autoCredited ? <span className="text-xs text-slate-600">automatic</span> : null}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </section>
      </div>
    </Modal>
  );
}
