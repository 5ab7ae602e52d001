// "Payment screenshot (optional)": pick a picture, see it shrunk with a Remove button, and the upload's
// progress while the request is sent. The shrunk picture is the parent's state (the form sends it).
import { PROOF_MESSAGES } from '@shared/payment-proof';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { prepareUpload } from '@/features/recharge/api/upload-proof';
import { ProofError, shrinkImage } from '@/features/recharge/lib/shrink-image';

export interface ProofPickerProps {
  picture: Blob | null;
  onChange: (picture: Blob | null) => void;
  /** 0..1 while uploading, else null. */
  progress: number | null;
  disabled?: boolean;
}

export function ProofPicker({ picture, onChange, progress, disabled }: ProofPickerProps) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {PROOF_MESSAGES.label}
      </label>
      {picture && preview ? (
        <div className="flex items-center gap-3">
          <img src={preview} alt="Payment screenshot preview" className="h-20 w-20 rounded-lg object-cover ring-1 ring-slate-200" />
          <div className="space-y-1">
            {progress !== null ? (
              <progress className="block w-32" max={1} value={progress} aria-label="Uploading the screenshot">
                {Math.round(progress * 100)}%
              </progress>
            ) : null}
            <Button size="sm" variant="secondary" disabled={disabled || progress !== null} onClick={() => onChange(null)}>
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <input
          id={inputId}
          type="file"
          accept="image/*"
          disabled={disabled || shrinking}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-semibold"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setError(null);
            setShrinking(true);
            prepareUpload();
            try {
              onChange(await shrinkImage(file));
            } catch (failure) {
              setError(failure instanceof ProofError ? failure.message : PROOF_MESSAGES.unreadable);
            } finally {
              setShrinking(false);
            }
          }}
        />
      )}
      {shrinking ? <p className="text-sm text-slate-600">Preparing the screenshot…</p> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
