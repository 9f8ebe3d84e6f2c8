import { analysisSymbolNames, analysisSymbols, type AnalysisSymbol } from '@farol/contract';
import { Check, Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

/** The coins whose symbol or name contains `term` (any case); all of them for an empty term. */
export function matchSymbols(term: string): AnalysisSymbol[] {
  const wanted = term.trim().toLowerCase();
  return analysisSymbols.filter(
    (symbol) =>
      symbol.toLowerCase().includes(wanted) || analysisSymbolNames[symbol].toLowerCase().includes(wanted),
  );
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
}: {
  listId: string;
  optionId: (symbol: AnalysisSymbol) => string;
  isOpen: boolean;
  matches: readonly AnalysisSymbol[];
  active: number;
  value: AnalysisSymbol;
  onPick: (symbol: AnalysisSymbol) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      hidden={!isOpen}
      className="absolute top-full right-0 z-30 mt-1 w-full min-w-56 rounded-md border border-border bg-card p-1 shadow-lg shadow-black/40"
    >
      <ul
        id={listId}
        role="listbox"
        aria-label={t('chartControls.symbol.label')}
        className="max-h-72 overflow-y-auto"
      >
        {matches.map((symbol, index) => (
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
            <span className="flex-1 text-muted-foreground">{analysisSymbolNames[symbol]}</span>
            {symbol === value && <Check aria-hidden="true" className="size-4 text-primary" />}
          </li>
        ))}
      </ul>
      {matches.length === 0 && (
        <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
          {t('chartControls.symbol.noMatch')}
        </p>
      )}
    </div>
  );
}

/**
 * The chart's coin as a combobox: type a symbol or a name, pick from the coins the chart can draw (the ten
 * analysed ones). Closed, it shows the chosen coin.
 */
export function SymbolSearch({
  value,
  onChange,
  className,
}: {
  value: AnalysisSymbol;
  onChange: (symbol: AnalysisSymbol) => void;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [list, setList] = useState<ListState>(closed);
  const matches = matchSymbols(list.term);
  const optionId = (symbol: AnalysisSymbol) => `${id}-${symbol}`;
  const activeSymbol = list.isOpen ? matches[list.active] : undefined;

  const pick = (symbol: AnalysisSymbol | undefined) => {
    if (symbol) onChange(symbol);
    setList(closed);
  };
  // opening shows every coin with the chosen one active, so Enter at once keeps it
  const open = () =>
    setList((current) =>
      current.isOpen
        ? current
        : { isOpen: true, term: '', active: Math.max(0, analysisSymbols.indexOf(value)) },
    );
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextListState(list, event.key, matches.length);
    if (next === null) return;
    event.preventDefault();
    if (next === 'pick') pick(activeSymbol);
    else setList(next);
  };

  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        role="combobox"
        aria-label={t('chartControls.symbol.label')}
        aria-expanded={list.isOpen}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeSymbol ? optionId(activeSymbol) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('chartControls.symbol.placeholder')}
        value={list.isOpen ? list.term : `${value} · ${analysisSymbolNames[value]}`}
        onFocus={open}
        onClick={open}
        onBlur={() => setList(closed)}
        onChange={(event) => setList({ isOpen: true, term: event.target.value, active: 0 })}
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
      />
    </div>
  );
}
