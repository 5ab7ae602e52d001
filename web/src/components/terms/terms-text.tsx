// The terms' text as the admin wrote it: "## " lines are headings, "- " lines list items, the rest paragraphs
// (shared/terms.ts reads it; nothing is rendered as HTML).
import { termsBlocks } from '@shared/terms';

export function TermsText({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed wrap-anywhere text-slate-700">
      {termsBlocks(text).map((block, i) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in its order, never reordered
          <h2 key={i} className="pt-2 text-base font-bold text-slate-900">
            {block.text}
          </h2>
        ) : block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ul key={i} className="list-disc space-y-1 ps-5">
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one list, in its order
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <p key={i}>{block.text}</p>
        ),
      )}
    </div>
  );
}
