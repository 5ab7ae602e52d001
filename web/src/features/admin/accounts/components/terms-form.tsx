// The terms' editor (Settings): the version in force, its text to change, saved as the next version. Customers
// who signed up keep the version they accepted (their profile says which).
import { TERMS_LIMITS, type Terms } from '@shared/terms';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextAreaField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useSaveTerms } from '@/features/admin/accounts/api/save-terms';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ApiError } from '@/lib/api-error';
import { formatPakistanDateTime } from '@/lib/format';
import { useTerms } from '@/lib/terms';

export function TermsForm() {
  const terms = useTerms();
  if (!terms.data) {
    return terms.isError ? (
      <LoadError what="The terms" retrying={terms.isFetching} onRetry={() => void terms.refetch()} />
    ) : (
      <LoadingBlock className="min-h-20" />
    );
  }
  return <TermsEditor current={terms.data} />;
}

/**
 * The draft starts from a version (`base`) and is saved as the next one. A newer version in force (another admin's,
 * seen on a refetch) replaces an untouched draft; a changed draft stays, with the choice to load the new version.
 */
function TermsEditor({ current }: { current: Terms }) {
  const [base, setBase] = useState(current);
  const [draft, setDraft] = useState(current.text);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTerms();
  const toast = useToast();
  const load = (terms: Terms) => {
    setBase(terms);
    setDraft(terms.text);
    setError(null);
  };
  if (current.version !== base.version && draft === base.text) load(current);
  const newer = current.version !== base.version;
  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        try {
          const { terms } = await save.mutateAsync({ text: draft, baseVersion: base.version });
          toast.success(terms.version === base.version ? 'No change to the terms' : `✅ Terms saved as version ${terms.version}`);
          load(terms);
        } catch (failure) {
          setError(failure instanceof ApiError && failure.field ? failure.message : adminFailure(failure));
        }
      }}
    >
      <div>
        <h2 className="text-base font-bold text-slate-900">Terms</h2>
        <p className="text-sm text-slate-600">
          Version {base.version}
          {base.updatedAt ? `, saved ${formatPakistanDateTime(base.updatedAt)}` : ' (built in)'}. Customers read it on /terms and accept it
          at sign-up; a save is the next version.
        </p>
      </div>
      {newer ? (
        <FormAlert tone="info">
          Version {current.version} was saved since you started.{' '}
          <button type="button" className="font-semibold underline" onClick={() => load(current)}>
            Load it (your changes are dropped)
          </button>
        </FormAlert>
      ) : null}
      <TextAreaField
        label="Terms text"
        rows={14}
        maxLength={TERMS_LIMITS.text}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        hint="“## ” starts a heading, “- ” a list item; a blank line between paragraphs."
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Save terms
        </Button>
      </div>
    </form>
  );
}
