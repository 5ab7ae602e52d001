/** Code or JSON, wrapped rather than scrolled sideways so it reads on a phone. */
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre className="rounded-xl bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere] sm:p-4 sm:text-sm">
      <code>{code}</code>
    </pre>
  );
}
