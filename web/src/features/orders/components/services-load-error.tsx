import { LoadError } from '@/components/ui/load-error';

/** The live catalogue could not be loaded: say so and offer to try again (the order and mass order pages). */
export function ServicesLoadError(props: { retrying: boolean; onRetry: () => void; className?: string }) {
  return <LoadError what="Services" {...props} />;
}
