// The payment screenshot beside a recharge request: a thumbnail read through the Storage SDK with the
// admin's own token (storage.rules let admins read every proof), tapped to see it large before approving.
import { PROOF_MESSAGES } from '@shared/payment-proof';
import type { AdminRechargeRequest } from '@shared/schemas/top-ups';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { loadStorage } from '@/lib/firebase';
import { formatAmount } from '@/lib/format';

async function fetchProof(path: string): Promise<Blob> {
  const { storage, sdk } = await loadStorage();
  return sdk.getBlob(sdk.ref(storage, path));
}

export function ProofThumbnail({ request }: { request: AdminRechargeRequest }) {
  const path = request.proof?.path;
  const [open, setOpen] = useState(false);
  const picture = useQuery({
    queryKey: ['admin', 'payment-proof', path],
    queryFn: () => fetchProof(path ?? ''),
    enabled: path !== undefined,
    // A proof never changes (storage.rules allow no overwrite).
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (picture.data ? URL.createObjectURL(picture.data) : null), [picture.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (!path) return <span className="text-xs text-slate-500">{PROOF_MESSAGES.noScreenshot}</span>;
  if (picture.isError) return <span className="text-xs text-red-700">Could not load the screenshot</span>;
  if (!url)
    return <span className="inline-block h-14 w-14 animate-pulse rounded-lg bg-slate-200" role="img" aria-label="Loading the screenshot" />;
  const label = `Payment screenshot of ${request.user.email} for ${formatAmount(request.amount)}`;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-lg" aria-label={`View ${label}`}>
        <img src={url} alt={label} className="h-14 w-14 rounded-lg object-cover ring-1 ring-slate-200" />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Payment screenshot" size="lg">
        <img src={url} alt={label} className="mx-auto max-h-[75vh] w-auto rounded-lg" />
      </Modal>
    </>
  );
}
