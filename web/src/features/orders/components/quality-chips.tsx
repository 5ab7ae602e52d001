export const QUALITY_CHIPS = [
  ['Start', '0-5 min'],
  ['Speed', '200k/day'],
  ['Refill', '30 days'],
  ['Drop rate', 'Non-drop'],
  ['Quality', 'HQ'],
] as const;

export function QualityChips() {
  return (
    <ul aria-label="Service quality" className="flex flex-wrap gap-2">
      {QUALITY_CHIPS.map(([label, value]) => (
        <li key={label} className="rounded-full bg-white px-3 py-1.5 text-xs text-slate-700 ring-1 ring-slate-200">
          {label} <span className="font-semibold text-slate-900">{value}</span>
        </li>
      ))}
    </ul>
  );
}
