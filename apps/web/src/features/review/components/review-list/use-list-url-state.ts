import type { Stage } from '@zikao/contract/review';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { applyChange, type ListState, parseListQuery, toListSearch, visibleSearch } from './list-query.ts';

/**
 * A list's state kept in its URL query, so that a reload, a shared link or the browser's back
 * button restores keyword, filters, tab, page and sort.
 *
 * The list screens are cached: when the user opens a detail, the list stays mounted but hidden
 * while the location belongs to the detail. So the state is read from the URL only while the
 * location is the list's own path, and otherwise from the query the list last had. Coming back
 * to the bare path (the menu, the breadcrumb) puts that query back into the URL.
 */
export function useListUrlState(stages: readonly Stage[]): [ListState, (change: Partial<ListState>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  // A cached screen first renders on its own path, so that is the list's path.
  const ownPath = useRef(location.pathname).current;
  const remembered = useRef<string | null>(null);
  const active = location.pathname === ownPath;
  const search = visibleSearch(active, location.search, remembered.current);
  // Parsed by value, so that an equal query does not look like a new state.
  const state = useMemo(() => parseListQuery(search, stages), [search, stages]);

  useEffect(() => {
    if (!active) return;
    if (location.search === '' && remembered.current) {
      navigate({ pathname: ownPath, search: remembered.current }, { replace: true });
    } else {
      remembered.current = location.search;
    }
  }, [active, location.search, navigate, ownPath]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      const next = toListSearch(applyChange(state, change), stages);
      remembered.current = next;
      navigate({ pathname: ownPath, search: next }, { replace: true });
    },
    [state, stages, navigate, ownPath],
  );

  return [state, update];
}
