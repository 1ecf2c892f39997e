import { useState, type Key } from 'react';

export interface PagedSelectionOptions<T> {
  /** The rows of the page on screen (what the table shows). */
  rows: readonly T[];
  /** The key of a row (the id a batch call sends). */
  rowKey: (row: T) => Key;
  /**
   * The list's filters, as one comparable value (a string): when it changes the selection starts
   * empty, since the rows chosen under other filters are not in the list any more.
   */
  resetKey: string;
  /** Rows that may not be chosen (a disabled checkbox); all rows when left out. */
  isSelectable?: (row: T) => boolean;
  /**
   * The most rows one batch may name (the server's limit from @portal/contracts, say
   * LEAD_BATCH_MAX): a choice that would go past it is refused and `onLimit` is called.
   */
  max?: number;
  onLimit?: (max: number) => void;
}

/**
 * The rows chosen in a paged list, kept across its pages. What a batch action acts on is `rows`:
 * every chosen row of every page of the current filters, each as last seen (the page on screen
 * gives the fresh copy of its rows). Changing the page or the page size keeps the choice; changing
 * the filters (`resetKey`) clears it; so does a batch action that went through (`clear`).
 */
export interface PagedSelection<T> {
  /** Chosen keys, in the order they were chosen. */
  keys: Key[];
  /** Chosen rows, on every page, in the order they were chosen. */
  rows: T[];
  count: number;
  /** Keys of the page on screen that are chosen (what the table ticks). */
  pageKeys: Key[];
  rowKey: (row: T) => Key;
  isSelectable: (row: T) => boolean;
  /** The table's checkboxes changed: `keys` are the chosen keys of the page on screen. */
  setPageKeys: (keys: readonly Key[]) => void;
  /** 全选: every selectable row of the page on screen (rows of other pages stay chosen). */
  selectPage: () => void;
  /** 反选: the page on screen's selectable rows swap chosen and not chosen. */
  invertPage: () => void;
  /** Drops rows from the choice (a row deleted on its own). */
  deselect: (keys: readonly Key[]) => void;
  /** Nothing chosen. */
  clear: () => void;
}

interface Chosen<T> {
  resetKey: string;
  rows: ReadonlyMap<Key, T>;
}

const NOTHING: ReadonlyMap<Key, never> = new Map<Key, never>();
const everyRow = (): boolean => true;

/** One selection model for every paged list: see PagedSelection. Hand it to PortalTable's `selection`. */
export function usePagedSelection<T>({ rows, rowKey, resetKey, isSelectable = everyRow, max, onLimit }: PagedSelectionOptions<T>): PagedSelection<T> {
  const [chosen, setChosen] = useState<Chosen<T>>({ resetKey, rows: NOTHING });
  // A choice made under other filters is no choice: empty at once (React's adjust-state-on-prop-change
  // pattern), so that returning to those filters does not bring it back.
  if (chosen.resetKey !== resetKey) setChosen({ resetKey, rows: NOTHING });
  const current = chosen.resetKey === resetKey ? chosen.rows : NOTHING;

  /** Applies `change` to the current choice, unless the result would pass `max` (then `onLimit`). */
  const update = (change: (next: Map<Key, T>) => void) => {
    const next = new Map(current);
    change(next);
    if (max !== undefined && next.size > max && next.size > current.size) {
      onLimit?.(max);
      return;
    }
    setChosen({ resetKey, rows: next });
  };

  const onPage = new Map(rows.map((row) => [rowKey(row), row] as const));
  const keys = [...current.keys()];
  return {
    keys,
    rows: keys.map((key) => onPage.get(key) ?? (current.get(key) as T)),
    count: keys.length,
    pageKeys: keys.filter((key) => onPage.has(key)),
    rowKey,
    isSelectable,
    setPageKeys: (wanted) =>
      update((next) => {
        const picked = new Set(wanted);
        for (const [key, row] of onPage) {
          if (picked.has(key)) next.set(key, row);
          else next.delete(key);
        }
      }),
    selectPage: () =>
      update((next) => {
        for (const [key, row] of onPage) if (isSelectable(row)) next.set(key, row);
      }),
    invertPage: () =>
      update((next) => {
        for (const [key, row] of onPage) {
          if (!isSelectable(row)) continue;
          if (next.has(key)) next.delete(key);
          else next.set(key, row);
        }
      }),
    deselect: (gone) =>
      update((next) => {
        for (const key of gone) next.delete(key);
      }),
    clear: () => setChosen({ resetKey, rows: NOTHING }),
  };
}
