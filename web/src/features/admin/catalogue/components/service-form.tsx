// Create or edit one service (a modal of the Services section): the shared rules of the API, so the
// form refuses what the server would, and the server's refusal shown on its field otherwise.

import type { Service } from '@shared/answers';
import { SERVICE_LIMITS } from '@shared/catalogue';
import { SERVICE_TYPES, serviceTypeOf } from '@shared/comments';
import { PLATFORM_LABELS, PLATFORMS } from '@shared/platforms';
import { type CreateServiceBody, createServiceBody, type UpdateServiceBody } from '@shared/schemas/catalogue';
import { BADGE_LIMITS, badgeIssue } from '@shared/service-figures';
import { useId, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useCreateService, useUpdateService } from '@/features/admin/catalogue/api/save-service';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ApiError } from '@/lib/api-error';
import { useForm } from '@/lib/form';

type Values = z.input<typeof createServiceBody>;
const FIELDS = [
  'platform',
  'category',
  'name',
  'ratePer1000',
  'min',
  'max',
  'defaultQuantity',
  'description',
  'refillDays',
  'type',
  'dripfeed',
] as const;

function valuesOf(service: Service | null): Values {
  if (!service) {
    return {
      platform: 'tiktok',
      category: '',
      name: '',
      ratePer1000: Number.NaN,
      min: 10,
      max: 10_000,
      defaultQuantity: 100,
      description: '',
      refillDays: 0,
      cancelAllowed: true,
      type: 'Default',
      dripfeed: false,
    };
  }
  return {
    platform: service.platform,
    category: service.category,
    name: service.name,
    ratePer1000: service.ratePer1000,
    min: service.min,
    max: service.max,
    defaultQuantity: service.defaultQuantity,
    description: service.description ?? '',
    refillDays: service.refillDays ?? 0,
    cancelAllowed: service.cancel === true,
    type: serviceTypeOf(service),
    dripfeed: service.dripfeed === true,
  };
}

/** The fields of `body` that differ from `initial` (never `active`: the list's own button changes it). */
function changedFields(initial: CreateServiceBody, body: CreateServiceBody): UpdateServiceBody {
  const keys = FIELDS.filter((key) => body[key] !== initial[key]);
  const changes: Record<string, unknown> = Object.fromEntries(keys.map((key) => [key, body[key]]));
  if (body.cancelAllowed !== initial.cancelAllowed) changes.cancelAllowed = body.cancelAllowed;
  if ((body.badges ?? []).join('\n') !== (initial.badges ?? []).join('\n')) changes.badges = body.badges ?? [];
  return changes as UpdateServiceBody;
}

/** The badges as typed: comma-separated, trimmed, empty ones dropped. */
const badgesOf = (text: string) =>
  text
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);

/** Why the badges cannot be saved with these values (as the server would say), or null. */
function badgesProblem(badges: string[], values: CreateServiceBody, figures: Service['figures']): string | null {
  if (badges.length > BADGE_LIMITS.count) return `At most ${BADGE_LIMITS.count} badges`;
  const long = badges.find((b) => b.length > BADGE_LIMITS.length);
  if (long) return `Badge must be at most ${BADGE_LIMITS.length} characters`;
  if (new Set(badges.map((b) => b.toLowerCase())).size !== badges.length) return 'Each badge only once';
  const facts = { refillDays: values.refillDays ?? 0, cancel: values.cancelAllowed === true, dripfeed: values.dripfeed === true, figures };
  for (const badge of badges) {
    const issue = badgeIssue(badge, facts);
    if (issue) return `The badge “${badge}” ${issue}`;
  }
  return null;
}

export interface ServiceFormProps {
  /** The service to edit; null for a new one. */
  service: Service | null;
  /** Each platform's categories, offered as suggestions (any name is fine). */
  categories: Record<string, readonly string[]>;
  onDone: () => void;
}

export function ServiceForm({ service, categories, onDone }: ServiceFormProps) {
  const toast = useToast();
  const create = useCreateService();
  const update = useUpdateService();
  // One key per form: pressing Save again after a lost answer cannot create a second service.
  const idempotencyKey = useRef(crypto.randomUUID());
  const listId = useId();
  const dripHintId = useId();
  const [badgesText, setBadgesText] = useState((service?.badges ?? []).join(', '));
  const [badgesError, setBadgesError] = useState<string>();
  // Badges the service's measured figures contradict now: kept, but not shown to customers.
  const hidden = service
    ? (service.badges ?? []).flatMap((badge) => {
        const facts = { refillDays: service.refillDays ?? 0, cancel: service.cancel === true, dripfeed: service.dripfeed === true };
        const issue = badgeIssue(badge, { ...facts, figures: service.figures });
        return issue ? [`“${badge}” ${issue}`] : [];
      })
    : [];
  const {
    register,
    field,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ schema: createServiceBody, defaultValues: valuesOf(service) });
  const platform = watch('platform');

  const onSubmit = handleSubmit(async (values) => {
    const badges = badgesOf(badgesText);
    const body: CreateServiceBody = { ...(values as CreateServiceBody), ...(badges.length > 0 ? { badges } : {}) };
    // A badge kept as it was may stand against the figures (hidden); a new one may not, as the server says.
    const kept = service?.badges ?? [];
    const problem =
      badgesProblem(badges, body, undefined) ??
      badgesProblem(
        badges.filter((b) => !kept.includes(b)),
        body,
        service?.figures,
      );
    setBadgesError(problem ?? undefined);
    if (problem) return;
    try {
      if (service) {
        // Only what the admin changed: a field sent as the form found it would put back a change made
        // meanwhile (a bulk price change, another admin), and silently revert a price.
        const changes = changedFields({ ...(valuesOf(service) as CreateServiceBody), badges: service.badges ?? [] }, body);
        if (Object.keys(changes).length === 0) {
          onDone();
          return;
        }
        await update.mutateAsync({ id: service._id, body: changes });
        toast.success(`✅ ${body.name} saved`);
      } else {
        await create.mutateAsync({ body, idempotencyKey: idempotencyKey.current });
        toast.success(`✅ ${body.name} created`);
      }
      onDone();
    } catch (error) {
      const field = error instanceof ApiError ? FIELDS.find((f) => f === error.field) : undefined;
      if (error instanceof ApiError && error.field === 'badges') setBadgesError(error.message);
      else if (field && error instanceof ApiError) setError(field, { message: error.message });
      else toast.error(adminFailure(error));
    }
  });

  const number = { valueAsNumber: true } as const;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Platform" {...field('platform')}>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <TextField label="Category" list={listId} autoComplete="off" maxLength={SERVICE_LIMITS.category} {...field('category')} />
        <datalist id={listId}>
          {(categories[platform] ?? []).map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <TextField label="Name" autoComplete="off" maxLength={SERVICE_LIMITS.name} {...field('name')} />
      <SelectField
        label="Type"
        hint="Custom Comments: customers type their comments, one per line, instead of a quantity"
        {...field('type')}
      >
        {SERVICE_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Rate per 1000 (Rs)" type="number" inputMode="decimal" step="0.01" min={0.01} {...field('ratePer1000', number)} />
        <TextField label="Refill days" type="number" inputMode="numeric" min={0} hint="0: no refill" {...field('refillDays', number)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Min" type="number" inputMode="numeric" min={1} {...field('min', number)} />
        <TextField label="Default quantity" type="number" inputMode="numeric" min={1} {...field('defaultQuantity', number)} />
        <TextField label="Max" type="number" inputMode="numeric" min={1} {...field('max', number)} />
      </div>
      <TextAreaField label="Description" rows={3} maxLength={SERVICE_LIMITS.description} {...field('description')} />
      <TextField
        label="Badges"
        autoComplete="off"
        placeholder="HQ, 30-day refill"
        hint={`Up to ${BADGE_LIMITS.count}, comma-separated, ${BADGE_LIMITS.length} characters each; a badge the service's facts contradict is refused${hidden.length > 0 ? `. Hidden from customers now: ${hidden.join('; ')}` : ''}`}
        value={badgesText}
        onChange={(event) => setBadgesText(event.target.value)}
        error={badgesError}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-600" {...register('cancelAllowed')} />
        Customers may cancel a pending order
      </label>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4 accent-brand-600" aria-describedby={dripHintId} {...register('dripfeed')} />
          Drip-feed
        </label>
        <p id={dripHintId} className="ml-6 text-xs text-slate-600">
          Customers may order it in runs, one run every interval (not for Custom Comments)
        </p>
      </div>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {service ? 'Save service' : 'Create service'}
        </Button>
      </div>
    </form>
  );
}
