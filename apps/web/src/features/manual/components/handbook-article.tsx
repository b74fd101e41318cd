import { LinkOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { MouseEvent } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { handbookImage } from './handbook-content.ts';
import type { HandbookSection } from './handbook-model.ts';
import { highlightTerms } from './highlight-terms.ts';

interface Props {
  sections: readonly HandbookSection[];
  /** Sections that matched the search; chapters shown only for context leave their text out. */
  matches: ReadonlySet<string>;
  terms: readonly string[];
  onGoTo(id: string): void;
  onCopyLink(section: HandbookSection): void;
}

function markdownComponents(onGoTo: (id: string) => void): Components {
  return {
    img: ({ src, alt }) => {
      const image = typeof src === 'string' ? handbookImage(src) : null;
      if (!image) return <span className="hb-missing-image">（截图缺失：{alt}）</span>;
      return (
        <img
          className="hb-image"
          src={image.url}
          alt={alt ?? ''}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      );
    },
    a: ({ href, children }) => {
      if (href?.startsWith('#')) {
        const go = (event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          onGoTo(decodeURIComponent(href.slice(1)));
        };
        return (
          <a href={href} onClick={go}>
            {children}
          </a>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    table: ({ children }) => (
      <div className="hb-table-scroll">
        <table>{children}</table>
      </div>
    ),
  };
}

/**
 * The handbook's sections, each under its own heading with an anchor and 复制链接. The Markdown is
 * rendered to React elements; raw HTML in it is not rendered (react-markdown without rehype-raw).
 */
export function HandbookArticle({ sections, matches, terms, onGoTo, onCopyLink }: Props) {
  const components = markdownComponents(onGoTo);
  const searching = terms.length > 0;
  const rehypePlugins = searching ? [() => highlightTerms(terms)] : [];
  return (
    <article className="hb-article" data-testid="handbook-article">
      {sections.map((section) => {
        const Heading = `h${section.level}` as 'h2' | 'h3' | 'h4';
        const contextOnly = searching && !matches.has(section.id);
        return (
          <section
            key={section.id}
            className={`hb-section hb-level-${section.level}`}
            data-section-id={section.id}
            data-matched={searching && !contextOnly ? 'true' : undefined}
            aria-labelledby={section.id}
          >
            <div className="hb-heading-row">
              <Heading id={section.id} className="hb-heading" tabIndex={-1}>
                {section.title}
              </Heading>
              <Tooltip title="复制本节链接">
                <Button
                  className="hb-copy-link"
                  type="text"
                  size="small"
                  icon={<LinkOutlined />}
                  aria-label={`复制本节链接：${section.title}`}
                  onClick={() => onCopyLink(section)}
                />
              </Tooltip>
            </div>
            {contextOnly || !section.body ? null : (
              <div className="hb-body">
                <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={rehypePlugins} components={components}>
                  {section.body}
                </Markdown>
              </div>
            )}
          </section>
        );
      })}
    </article>
  );
}
