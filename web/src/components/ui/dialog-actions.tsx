import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';

/**
 * A dialog's last rows: the refusal of its last try, if any, then the way out (Cancel) beside its
 * action (`children`, a Button with className "flex-1"), each half the width.
 */
export function DialogActions({
  failure,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: {
  failure?: string | null;
  onCancel: () => void;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {children}
      </div>
    </>
  );
}
