import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';

/** The live catalogue could not be loaded: say so and offer to try again (the order and mass order pages). */
export function ServicesLoadError({ retrying, onRetry, className = '' }: { retrying: boolean; onRetry: () => void; className?: string }) {
  return (
    <div className={`space-y-2 ${className}`.trim()}>
      <FormAlert>Services could not be loaded. Check your connection and try again.</FormAlert>
      <Button type="button" variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
