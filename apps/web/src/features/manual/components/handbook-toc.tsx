import { Select } from 'antd';
import type { MouseEvent } from 'react';
import { useEffect, useRef } from 'react';
import type { HandbookSection } from './handbook-model.ts';

interface Props {
  sections: readonly HandbookSection[];
  activeId: string | null;
  onGoTo(id: string): void;
}

/** The table of contents beside the text: chapters and their sections, the current one marked. */
export function HandbookToc({ sections, activeId, onGoTo }: Props) {
  const listRef = useRef<HTMLElement>(null);
  const activeChapter = sections.find((section) => section.id === activeId)?.chapterId;

  // Keep the current entry in sight inside the contents' own scroll.
  useEffect(() => {
    const item = activeId
      ? listRef.current?.querySelector<HTMLElement>(`[data-toc-id="${CSS.escape(activeId)}"]`)
      : null;
    if (!item || !listRef.current) return;
    const box = listRef.current.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    if (itemBox.top < box.top || itemBox.bottom > box.bottom) item.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    onGoTo(id);
  };
  return (
    <nav className="hb-toc" aria-label="手册目录" ref={listRef} data-testid="handbook-toc">
      <div className="hb-toc-title">目录</div>
      <ol>
        {sections
          .filter((section) => section.level <= 3)
          .map((section) => {
            const active = section.id === activeId;
            const inChapter = section.level === 2 && section.id === activeChapter;
            return (
              <li key={section.id} className={`hb-toc-item hb-toc-level-${section.level}`}>
                <a
                  href={`#${section.id}`}
                  data-toc-id={section.id}
                  className={active ? 'active' : inChapter ? 'in-chapter' : undefined}
                  aria-current={active ? 'location' : undefined}
                  onClick={(event) => go(event, section.id)}
                >
                  {section.title}
                </a>
              </li>
            );
          })}
      </ol>
    </nav>
  );
}

/** On a phone: the contents as one select that jumps to the chosen section. */
export function HandbookTocSelect({ sections, activeId, onGoTo }: Props) {
  return (
    <Select
      className="hb-toc-select"
      data-testid="handbook-toc-select"
      aria-label="跳转到章节"
      placeholder="跳转到章节"
      value={activeId ?? undefined}
      onChange={(id: string) => onGoTo(id)}
      popupMatchSelectWidth
      virtual={false}
      options={sections
        .filter((section) => section.level <= 3)
        .map((section) => ({
          value: section.id,
          label: section.level === 2 ? section.title : `\u3000${section.title}`,
        }))}
    />
  );
}
