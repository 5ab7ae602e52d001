import type { Settings } from '@shared/schemas';
import { CopyButton } from '@/components/ui/copy-button';

export function WalletList({ wallets }: { wallets: Settings['wallets'] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {wallets.map((wallet) => (
        <li key={wallet.provider} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="text-sm font-bold text-slate-900">{wallet.provider}</p>
          <div className="mt-1 flex items-center justify-between gap-2">
            <span className="font-mono text-sm text-slate-900">{wallet.accountNumber}</span>
            <CopyButton value={wallet.accountNumber} label={`${wallet.provider} number`} />
          </div>
          <p className="text-xs text-slate-600">{wallet.accountName}</p>
        </li>
      ))}
    </ul>
  );
}
