// The platform's services in collapsible category groups, in the admin's order; choosing one is a radio choice.
import type { Service } from '@shared/answers';
import { ListPrice } from '@/components/services/list-price';
import { OutlineIcon } from '@/components/ui/outline-icon';
import { formatAmount } from '@/lib/format';

export interface ServiceGroupsProps {
  services: Service[];
  /** The platform's categories in the admin's order; a category missing from it comes last. */
  categories: readonly string[];
  openGroups: ReadonlySet<string>;
  onToggleGroup: (category: string) => void;
  selectedId: string | null;
  onSelect: (service: Service) => void;
}

export function ServiceGroups({ services, categories, openGroups, onToggleGroup, selectedId, onSelect }: ServiceGroupsProps) {
  const names = [...categories, ...services.map((s) => s.category).filter((c) => !categories.includes(c))];
  const groups = [...new Set(names)]
    .map((category) => ({ category, items: services.filter((s) => s.category === category) }))
    .filter((group) => group.items.length > 0);
  return (
    <div className="space-y-2">
      {groups.map(({ category, items }, index) => {
        const open = openGroups.has(category);
        // Categories are free text: the index keeps two names that differ only in punctuation apart.
        const panelId = `group-${index}-${category.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <div key={category} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggleGroup(category)}
                className="flex w-full items-center justify-between gap-3 px-4 py-3 text-start text-sm font-semibold text-slate-900 hover:bg-slate-50"
              >
                <span>
                  {category} <span className="font-normal text-slate-600">({items.length})</span>
                </span>
                <OutlineIcon className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}>
                  <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                </OutlineIcon>
              </button>
            </h3>
            {open ? (
              <fieldset id={panelId} className="space-y-1 border-t border-slate-100 p-2">
                <legend className="sr-only">{category} services</legend>
                {items.map((service) => (
                  <label
                    key={service._id}
                    className={`flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                      selectedId === service._id ? 'bg-brand-50 ring-1 ring-brand-600' : 'hover:bg-slate-50'
                    }`}
                  >
                    <input
                      type="radio"
                      name="service"
                      value={service._id}
                      checked={selectedId === service._id}
                      onChange={() => onSelect(service)}
                      className="mt-0.5 size-4 accent-brand-600"
                    />
                    <span className="flex-1">
                      <span className="block font-medium text-slate-900">{service.name}</span>
                      {service.description ? <span className="block text-xs text-slate-600">{service.description}</span> : null}
                    </span>
                    <span className="text-end text-xs whitespace-nowrap text-slate-700">
                      <span className="block text-sm font-semibold text-slate-900">{formatAmount(service.ratePer1000)}</span>
                      <ListPrice rupees={service.listRatePer1000} className="block" />
                      per 1K
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The list while the catalogue loads: closed groups of the same size as the real ones, as many as the
 * seeded catalogue has on each platform, so the list keeps about its height when the answer comes and
 * the order form below it (on a phone) stays where it painted.
 */
export function ServiceGroupsSkeleton({ groups = 6 }: { groups?: number }) {
  const placeholders = Array.from({ length: groups }, (_, index) => `group-${index}`);
  return (
    <div role="status" aria-label="Loading services" className="space-y-2">
      {placeholders.map((key) => (
        // A closed group's button: py-3 around one line of text-sm (h-11).
        <div key={key} className="flex h-11 items-center rounded-2xl bg-white px-4 ring-1 ring-slate-200" aria-hidden="true">
          <span className="h-3 w-32 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}
