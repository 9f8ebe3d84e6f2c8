import type { ReactNode } from 'react';

/** A captioned table that scrolls sideways on a phone (focusable, so keyboard users can scroll it too). */
export function ScrollingTable({
  caption,
  columns,
  children,
  minWidthClassName = 'min-w-[640px]',
}: {
  caption: string;
  columns: { label: string; numeric: boolean }[];
  children: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidthClassName?: string;
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="overflow-x-auto rounded-xl border border-border bg-card"
    >
      <table className={`w-full ${minWidthClassName} text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-left text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map(({ label, numeric }) => (
              <th key={label} scope="col" className={`px-4 py-3 font-medium ${numeric ? 'text-right' : ''}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}
