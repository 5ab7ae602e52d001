import { useState } from 'react';

type Checked = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

/**
 * The error under a form's one field, checked on submit by the contract's schema: `passed(parsed)` shows
 * the first issue of a refused parse (none once it passes) and tells whether it passed. `setError` takes
 * any other refusal of the field (the server's).
 */
export function useFieldError() {
  const [error, setError] = useState<string | undefined>();
  const passed = <Parsed extends Checked>(parsed: Parsed): parsed is Extract<Parsed, { success: true }> => {
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success;
  };
  return { error, setError, passed };
}
