import { analysisSymbolNames, analysisSymbols } from '@farol/contract';
import { Check, RotateCw, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalysableCoinsQuery } from '../../../lib/analysable-coins.ts';
import { cn } from '../../../lib/cn.ts';

/** A coin the search offers: the symbol it goes by and its name. */
export type SymbolOption = { symbol: string; name: string };

/** The ten quick choices: what the search offers when it is given no list. */
export const quickChoiceOptions: readonly SymbolOption[] = analysisSymbols.map((symbol) => ({
  symbol,
  name: analysisSymbolNames[symbol],
}));

/**
 * The coins whose symbol or name contains `term` (any case), the exact symbol first, then the symbols that
 * start with it, then the rest in list order; all of them for an empty term.
 */
export function matchSymbols(
  term: string,
  options: readonly SymbolOption[] = quickChoiceOptions,
): SymbolOption[] {
  const wanted = term.trim().toLowerCase();
  if (wanted === '') return [...options];
  const rank = ({ symbol }: SymbolOption) => {
    const lower = symbol.toLowerCase();
    return lower === wanted ? 0 : lower.startsWith(wanted) ? 1 : 2;
  };
  return options
    .filter(
      (option) => option.symbol.toLowerCase().includes(wanted) || option.name.toLowerCase().includes(wanted),
    )
    .map((option, index) => ({ option, index }))
    .sort((a, b) => rank(a.option) - rank(b.option) || a.index - b.index)
    .map(({ option }) => option);
}

/** Where the list of coins is: read (or fixed), still loading, or failed (with a retry). */
export type SymbolListStatus =
  { state: 'ready' } | { state: 'loading' } | { state: 'error'; onRetry: () => void };

const noOptions: readonly SymbolOption[] = [];

/**
 * Every coin with a Binance pair as search options (GET /api/market-signals/coins, the ten first), and the
 * list's state; `fallback` is offered while the list loads or after it failed.
 */
export function useAnalysableCoinOptions(fallback: readonly SymbolOption[] = noOptions) {
  const coins = useAnalysableCoinsQuery();
  const options = useMemo(
    () => coins.data?.data.map((coin) => ({ symbol: coin.symbol, name: coin.name })) ?? fallback,
    [coins.data, fallback],
  );
  const status: SymbolListStatus = coins.isPending
    ? { state: 'loading' }
    : coins.isError
      ? { state: 'error', onRetry: () => void coins.refetch() }
      : { state: 'ready' };
  return { options, status };
}

type ListState = { isOpen: boolean; term: string; active: number };
const closed: ListState = { isOpen: false, term: '', active: 0 };

/** Arrow keys move through the list, Enter picks, Escape closes: the ARIA combobox pattern's keys. */
function nextListState(state: ListState, key: string, count: number): ListState | 'pick' | null {
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    if (!state.isOpen) return { ...state, isOpen: true };
    const step = key === 'ArrowDown' ? 1 : -1;
    return { ...state, active: count ? (state.active + step + count) % count : 0 };
  }
  if (key === 'Home' || key === 'End')
    return { ...state, active: key === 'Home' ? 0 : Math.max(0, count - 1) };
  if (key === 'Enter' && state.isOpen) return 'pick';
  if (key === 'Escape' && state.isOpen) return closed;
  return null;
}

/** The list under the combobox: the matching coins, the chosen one ticked, the active one highlighted. */
function SymbolOptions({
  listId,
  optionId,
  isOpen,
  matches,
  active,
  value,
  onPick,
  status,
  label,
}: {
  listId: string;
  optionId: (symbol: string) => string;
  isOpen: boolean;
  matches: readonly SymbolOption[];
  active: number;
  value: string;
  onPick: (symbol: string) => void;
  status: SymbolListStatus;
  label: string;
}) {
  return (
    <div
      hidden={!isOpen}
      className="absolute top-full right-0 z-30 mt-1 w-full min-w-56 rounded-md border border-border bg-card p-1 shadow-lg shadow-black/40"
    >
      <ul id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto">
        {matches.map(({ symbol, name }, index) => (
          <li
            key={symbol}
            id={optionId(symbol)}
            role="option"
            aria-selected={index === active}
            // pressed before the input's blur closes the list
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(symbol);
            }}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
              index === active && 'bg-muted',
            )}
          >
            <span className="w-14 font-semibold">{symbol}</span>
            <span className="min-w-0 flex-1 truncate text-muted-foreground">{name}</span>
            {symbol === value && <Check aria-hidden="true" className="size-4 text-primary" />}
          </li>
        ))}
      </ul>
      <SymbolListNote status={status} isEmpty={matches.length === 0} />
    </div>
  );
}

/** Below the options: the list still loading, its failure with a retry, or no coin matching the search. */
function SymbolListNote({ status, isEmpty }: { status: SymbolListStatus; isEmpty: boolean }) {
  const { t } = useTranslation('dashboard');
  if (status.state === 'loading')
    return (
      <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
        {t('chartControls.symbol.loading')}
      </p>
    );
  if (status.state === 'error')
    return (
      <div role="alert" className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm">
        <span className="text-muted-foreground">{t('chartControls.symbol.loadError')}</span>
        <button
          type="button"
          // pressed before the input's blur closes the list
          onMouseDown={(event) => {
            event.preventDefault();
            status.onRetry();
          }}
          className="inline-flex items-center gap-1 rounded-sm px-2 py-1 font-medium text-primary hover:bg-muted"
        >
          <RotateCw aria-hidden="true" className="size-3.5" />
          {t('chartControls.symbol.retry')}
        </button>
      </div>
    );
  if (!isEmpty) return null;
  return (
    <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
      {t('chartControls.symbol.noMatch')}
    </p>
  );
}

type SymbolSearchProps = {
  value: string;
  onChange: (symbol: string) => void;
  className?: string;
  options?: readonly SymbolOption[];
  status?: SymbolListStatus;
  /** The combobox's accessible name (default: the chart's coin). */
  label?: string;
  placeholder?: string;
};

/** The open list's state and its keys: what is typed, which option is active, picking one. */
function useSymbolList(options: readonly SymbolOption[], value: string, onChange: (symbol: string) => void) {
  const [list, setList] = useState<ListState>(closed);
  const inputRef = useRef<HTMLInputElement>(null);
  const matches = matchSymbols(list.term, options);
  const activeSymbol = list.isOpen ? matches[list.active]?.symbol : undefined;
  const pick = (symbol: string | undefined) => {
    // a choice made by a screen reader's click or a tap may have moved the focus: it comes back to the input,
    // closed (focusing opens the list, so the input is focused first and the list closed after)
    inputRef.current?.focus();
    setList(closed);
    if (symbol) onChange(symbol);
  };
  // opening shows every coin with the chosen one active, so Enter at once keeps it
  const chosenIndex = Math.max(
    0,
    options.findIndex((option) => option.symbol === value),
  );
  const open = () =>
    setList((current) => (current.isOpen ? current : { isOpen: true, term: '', active: chosenIndex }));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextListState(list, event.key, matches.length);
    if (next === null) return;
    event.preventDefault();
    if (next === 'pick') pick(activeSymbol);
    else setList(next);
  };
  const close = () => setList(closed);
  const search = (term: string) => setList({ isOpen: true, term, active: 0 });
  return { list, inputRef, matches, activeSymbol, pick, open, close, search, onKeyDown };
}

/**
 * A coin as a combobox: type a symbol or a name, pick from `options` (by default the ten quick choices, the
 * coins the dashboard chart draws). Closed, it shows the chosen coin. `status` says whether a list read from
 * the server is still loading or failed.
 */
export function SymbolSearch({
  value,
  onChange,
  className,
  options = quickChoiceOptions,
  status = { state: 'ready' },
  label,
  placeholder,
}: SymbolSearchProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { list, inputRef, matches, activeSymbol, pick, open, close, search, onKeyDown } = useSymbolList(
    options,
    value,
    onChange,
  );
  const optionId = (symbol: string) => `${id}-${symbol}`;
  const accessibleName = label ?? t('chartControls.symbol.label');
  const valueName = options.find((option) => option.symbol === value)?.name;

  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        ref={inputRef}
        role="combobox"
        aria-label={accessibleName}
        aria-expanded={list.isOpen}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeSymbol ? optionId(activeSymbol) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? t('chartControls.symbol.placeholder')}
        value={list.isOpen ? list.term : valueName ? `${value} · ${valueName}` : value}
        onFocus={open}
        onClick={open}
        onBlur={close}
        onChange={(event) => search(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(
          'h-8 w-full rounded-md border border-border bg-background pr-2 pl-8 text-sm',
          'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      />
      <SymbolOptions
        listId={`${id}-list`}
        optionId={optionId}
        isOpen={list.isOpen}
        matches={matches}
        active={list.active}
        value={value}
        onPick={pick}
        status={status}
        label={accessibleName}
      />
    </div>
  );
}
