import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { LoadingBlock } from '@/components/ui/spinner';

/** A part of the Settings screen: its title, then its form once the settings it edits have loaded. */
export function SettingsSection<T>({
  id,
  title,
  description,
  settings,
  loadError,
  children,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  settings: UseQueryResult<T>;
  loadError: string;
  children: (settings: T) => ReactNode;
}) {
  return (
    <Section id={id} title={title} description={description}>
      {settings.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : settings.isError ? (
        <FormAlert>{loadError}</FormAlert>
      ) : (
        children(settings.data)
      )}
    </Section>
  );
}
