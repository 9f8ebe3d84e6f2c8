import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A one-of-many choice shown as pressed buttons (chart interval, coin), with arrow-key navigation. */
export function ToggleGroup({ className, ...props }: ComponentProps<typeof ToggleGroupPrimitive.Root>) {
  return (
    <ToggleGroupPrimitive.Root
      className={cn(
        'inline-flex flex-wrap items-center gap-1 rounded-md border border-border bg-muted p-1',
        className,
      )}
      {...props}
    />
  );
}

export function ToggleGroupItem({ className, ...props }: ComponentProps<typeof ToggleGroupPrimitive.Item>) {
  return (
    <ToggleGroupPrimitive.Item
      className={cn(
        'inline-flex h-8 min-w-10 items-center justify-center rounded-sm px-2.5 text-sm font-medium whitespace-nowrap',
        'text-muted-foreground transition-colors hover:text-foreground',
        'data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * One of `options` as pressed buttons (a coin, a chart interval). Pressing the pressed one again keeps it:
 * Radix would answer '' then, and a choice like this always has a value.
 */
export function ChoiceGroup<T extends string>({
  value,
  options,
  onChange,
  label,
  optionLabel,
  className,
  itemClassName,
}: {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  label: string;
  /** The accessible name of an option when its text is an abbreviation ("4h" → "4 horas"). */
  optionLabel?: (option: T) => string;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ToggleGroup
      type="single"
      value={value}
      onValueChange={(next) => next && onChange(next as T)}
      aria-label={label}
      className={className}
    >
      {options.map((option) => (
        <ToggleGroupItem
          key={option}
          value={option}
          aria-label={optionLabel?.(option)}
          className={itemClassName}
        >
          {option}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
