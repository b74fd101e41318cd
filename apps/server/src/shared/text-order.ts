import { compareText } from '@zikao/contract/ordering';

/**
 * The ids of one page of rows ordered by a Chinese text (a title, a name) in pinyin order.
 * Neither SQLite nor every PostgreSQL build collates Chinese by pinyin, so a list sorted by text
 * reads the filtered rows' ids and texts, orders them here with the contract's comparator and
 * keeps one page; ties fall back to the id, in the same direction.
 */
export function pageByText(
  rows: ReadonlyArray<{ id: number; text: string | null }>,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): number[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => sign * (compareText(a.text ?? '', b.text ?? '') || a.id - b.id))
    .slice(offset, offset + limit)
    .map((row) => row.id);
}

/** Rows in the order of `ids` (a page chosen by `pageByText`); rows not among them are dropped. */
export function inIdOrder<T extends { id: number }>(rows: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
