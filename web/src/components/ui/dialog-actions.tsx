import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';

/** A dialog's action: its Button's props (a submit, or an onClick) and its label. */
export type DialogAction = Omit<ButtonProps, 'className' | 'children'> & { label: ReactNode };

/**
 * A dialog's last rows: the refusal of its last try, if any, then the way out (Cancel) beside its
 * action, each half the width.
 */
export function DialogActions({
  failure,
  onCancel,
  cancelLabel = 'Cancel',
  action: { label, ...action },
}: {
  failure?: string | null;
  onCancel: () => void;
  cancelLabel?: string;
  action: DialogAction;
}) {
  return (
    <>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button {...action} className="flex-1">
          {label}
        </Button>
      </div>
    </>
  );
}
