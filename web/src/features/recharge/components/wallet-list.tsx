import type { Settings } from '@shared/schemas/top-ups';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * The wallet accounts to pay into; with `automatic` (GET /api/wallet-status) each says whether
 * its payments are credited automatically right now or checked by hand.
 */
export function WalletList({ wallets, automatic }: { wallets: Settings['wallets']; automatic?: ReadonlyMap<string, boolean> | undefined }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {wallets.map((wallet) => (
        <li key={wallet.provider} className="min-w-0 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="text-sm font-bold text-slate-900">{wallet.provider}</p>
          <div className="mt-1 flex items-center justify-between gap-2">
            <span className="min-w-0 break-all font-mono text-sm text-slate-900">{wallet.accountNumber}</span>
            <CopyButton value={wallet.accountNumber} label={`${wallet.provider} number`} />
          </div>
          <p className="wrap-anywhere text-xs text-slate-600">{wallet.accountName}</p>
          {automatic ? (
            automatic.get(wallet.provider) ? (
              <p className="mt-1 text-xs font-semibold text-emerald-800">✓ Credited automatically</p>
            ) : (
              <p className="mt-1 text-xs text-slate-600">Checked by hand</p>
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}
