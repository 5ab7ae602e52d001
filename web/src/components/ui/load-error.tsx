import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';

/** Something a screen reads could not be loaded: say so and offer to try again. */
export function LoadError({
  what,
  retrying,
  onRetry,
  className = '',
}: {
  /** "Services", "The updates": the start of the sentence. */
  what: string;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`space-y-2 ${className}`.trim()}>
      <FormAlert>{what} could not be loaded. Check your connection and try again.</FormAlert>
      <Button type="button" variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
