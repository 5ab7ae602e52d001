// The Overview's alert line about the top-up autopilot (docs/decisions/0015-top-up-autopilot.md): each wallet phone gone silent (its
// wallet's payments are then checked by hand), and the wallet payments waiting for the admin. Nothing
// shows while all is well, or before the overview loads.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useOverview } from '@/features/admin/reports/api/get-overview';
import { formatDateTime } from '@/lib/format';

export function WalletAlerts() {
  const phones = useOverview().data?.walletPhones;
  if (!phones) return null;
  const waiting = phones.unmatchedPayments + phones.heldPayments;
  if (phones.silent.length === 0 && waiting === 0) return null;
  return (
    <div role="alert" className="flex flex-col gap-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {phones.silent.map((phone) => (
        <Link
          key={phone._id}
          to={paths.adminSettings.getHref()}
          className="flex min-h-11 items-center font-medium wrap-anywhere hover:underline sm:min-h-6"
        >
          {phone.lastSeenAt
            ? `Wallet phone “${phone.name}” (${phone.wallet}) has been silent since ${formatDateTime(phone.lastSeenAt)}: ${phone.wallet} top-ups are checked by hand.`
            : `Wallet phone “${phone.name}” (${phone.wallet}) has not been heard from yet: ${phone.wallet} top-ups are checked by hand.`}
        </Link>
      ))}
      {waiting > 0 ? (
        <Link to={paths.adminTopUps.getHref()} className="flex min-h-11 items-center font-medium hover:underline sm:min-h-6">
          {waiting === 1 ? '1 wallet payment waits for you' : `${waiting} wallet payments wait for you`}
        </Link>
      ) : null}
    </div>
  );
}
