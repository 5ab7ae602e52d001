import { useState } from 'react';
import { useToast } from '@/components/ui/toasts';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ApiError } from '@/lib/api-error';

interface Outcome<T> {
  /** The toast once it worked. */
  done: string | ((answer: T) => string);
  /** What follows success: close the dialog, drop the row. */
  after?: (answer: T) => void;
  /** A refusal of this input (invalid_input naming it) shows under it rather than as the failure. */
  field?: { name: string; show: (message: string) => void };
}

/** The toast of an action whose answer says what it did. */
export const toldByServer = (answer: { message: string }) => `✅ ${answer.message}`;

const said = <T>(done: string | ((answer: T) => string), answer: T) => (typeof done === 'string' ? done : done(answer));

/**
 * An admin's action from a dialog or a row: `run` clears the last refusal, awaits the call, toasts what it
 * did and goes on; a refusal is kept in `failure` for the dialog to show (the spec's "❌ " and the
 * server's message, or `networkText` when no answer came).
 */
export function useAdminAction(networkText?: string) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async <T>(call: () => Promise<T>, { done, after, field }: Outcome<T>) => {
    setFailure(null);
    try {
      const answer = await call();
      toast.success(said(done, answer));
      after?.(answer);
    } catch (error) {
      if (field && error instanceof ApiError && error.code === 'invalid_input' && error.field === field.name) field.show(error.message);
      else setFailure(adminFailure(error, networkText));
    }
  };
  return { failure, setFailure, run };
}

/**
 * An action whose outcome is a toast, its refusal too (a row's button, a form that then closes): the
 * returned function awaits the call, toasts what it did or why not, and answers whether it worked.
 */
export function useToastedAction() {
  const toast = useToast();
  return async <T>(call: () => Promise<T>, done: string | ((answer: T) => string)) => {
    try {
      toast.success(said(done, await call()));
      return true;
    } catch (error) {
      toast.error(adminFailure(error));
      return false;
    }
  };
}
