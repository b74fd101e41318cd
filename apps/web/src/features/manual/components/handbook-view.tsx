import { SearchOutlined } from '@ant-design/icons';
import { Empty, Grid, Input, type InputRef } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../shared/feedback/toast.ts';
import { HandbookArticle } from './handbook-article.tsx';
import { HANDBOOK_CHAPTERS } from './handbook-content.ts';
import { filterSections, type HandbookSection, parseHandbook, searchTerms } from './handbook-model.ts';
import { HandbookToc, HandbookTocSelect } from './handbook-toc.tsx';
import { useScrollSpy } from './use-scroll-spy.ts';
import './manual.css';

const SECTIONS = parseHandbook(HANDBOOK_CHAPTERS);

/** True when a key press is typing into a field, where `/` must stay a character. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && Boolean(target.closest('input, textarea, select, [contenteditable="true"]'));
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The handbook: search, contents that follow the scroll, sections with anchors. */
export default function HandbookView() {
  const [query, setQuery] = useState('');
  const terms = useMemo(() => searchTerms(query), [query]);
  const { shown, matches } = useMemo(() => filterSections(SECTIONS, query), [query]);
  const articleRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<InputRef>(null);
  const activeId = useScrollSpy(articleRef, shown.map((section) => section.id).join(' '));
  const wide = Grid.useBreakpoint().lg ?? true;
  const location = useLocation();
  const navigate = useNavigate();
  const scrolledTo = useRef<string | null>(null);

  const scrollToSection = useCallback((id: string) => {
    const heading = document.getElementById(id);
    if (!heading) return false;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
    return true;
  }, []);

  const goTo = useCallback(
    (id: string) => {
      if (!SECTIONS.some((section) => section.id === id)) return;
      const visible = shown.some((section) => section.id === id);
      if (!visible) setQuery('');
      scrolledTo.current = id;
      navigate({ hash: `#${id}` }, { replace: true, preventScrollReset: true });
      // After a cleared search the section renders on the next frame.
      requestAnimationFrame(() => scrollToSection(id));
    },
    [navigate, scrollToSection, shown],
  );

  // A link with #anchor, opened or pasted: scroll to that section once it is on the page.
  const hashId = decodeURIComponent(location.hash.slice(1));
  useEffect(() => {
    if (!hashId || scrolledTo.current === hashId) return;
    const frame = requestAnimationFrame(() => {
      if (scrollToSection(hashId)) scrolledTo.current = hashId;
    });
    return () => cancelAnimationFrame(frame);
  }, [hashId, scrollToSection]);

  // `/` puts the cursor in the search box, as on documentation sites.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Printing needs every picture, not only those scrolled past.
  useEffect(() => {
    const eager = () => {
      for (const image of articleRef.current?.querySelectorAll('img') ?? []) image.loading = 'eager';
    };
    window.addEventListener('beforeprint', eager);
    return () => window.removeEventListener('beforeprint', eager);
  }, []);

  const copyLink = async (section: HandbookSection) => {
    const url = `${window.location.origin}${window.location.pathname}#${section.id}`;
    scrolledTo.current = section.id;
    navigate({ hash: `#${section.id}` }, { replace: true, preventScrollReset: true });
    if (await copyText(url)) toast('本节链接已复制', 'success');
    else toast('复制失败，请复制地址栏中的链接', 'warning');
  };

  const matchCount = matches.size;
  return (
    <div className={`hb-layout${wide ? '' : ' hb-narrow'}`} data-testid="handbook">
      <div className="hb-tools hb-no-print">
        <Input
          ref={searchRef}
          className="hb-search"
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          prefix={<SearchOutlined aria-hidden />}
          placeholder="搜索手册，如：快捷键、盲审（按 / 键快速搜索）"
          aria-label="搜索使用手册"
          aria-keyshortcuts="/"
          data-testid="handbook-search"
        />
        {wide ? null : <HandbookTocSelect sections={shown} activeId={activeId} onGoTo={goTo} />}
        <div className="hb-search-status" role="status" aria-live="polite">
          {terms.length > 0 && matchCount > 0 ? `找到 ${matchCount} 个相关小节` : ''}
        </div>
      </div>
      <div className="hb-columns">
        <div className="hb-main" ref={articleRef}>
          {terms.length > 0 && matchCount === 0 ? (
            <Empty
              className="hb-empty"
              description={
                <span>
                  未找到相关内容
                  <br />
                  请换个关键词，例如“批注”“评语”“打印”
                </span>
              }
              data-testid="handbook-empty"
            />
          ) : (
            <HandbookArticle
              sections={shown}
              matches={matches}
              terms={terms}
              onGoTo={goTo}
              onCopyLink={(section) => void copyLink(section)}
            />
          )}
        </div>
        {wide ? (
          <aside className="hb-aside hb-no-print">
            <HandbookToc sections={shown} activeId={activeId} onGoTo={goTo} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
