import { Button } from '@/components/ui/button';

export function DashboardError({ message, onLogin }: { message: string; onLogin: () => void }) {
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <p role="alert" className="font-semibold text-red-800">
        {message}
      </p>
      <Button className="mt-4" onClick={onLogin}>
        Go to Login
      </Button>
    </div>
  );
}
