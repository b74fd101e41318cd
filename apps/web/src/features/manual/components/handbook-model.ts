/**
 * The handbook as the screen uses it: the Markdown chapters cut into sections at their headings,
 * each with a stable anchor id, its Markdown body and its plain text for the search box.
 */

export interface HandbookSection {
  /** The anchor: `{#id}` written after the heading, else a slug of the heading's text. */
  id: string;
  /** 2 for a chapter (`##`), 3 or 4 for its sections. */
  level: number;
  title: string;
  /** The id of the chapter this section belongs to (its own id for a chapter). */
  chapterId: string;
  /** The Markdown under the heading, up to the next heading. */
  body: string;
  /** Title and body as plain text, lower-cased, for matching. */
  searchText: string;
}

const HEADING = /^(#{2,4})\s+(.+?)\s*$/;
const EXPLICIT_ID = /\s*\{#([A-Za-z][\w-]*)\}$/;
const FENCE = /^\s*(```|~~~)/;

/**
 * A heading's anchor when it names none: lower-case letters, digits and CJK characters joined by
 * dashes; punctuation (Chinese or not) dropped. Empty text gives `section`.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}\s-]/gu, ' ')
    .trim()
    .replace(/[\s-]+/g, '-');
  return slug || 'section';
}

/** Markdown reduced to the words a reader sees: no syntax, image alt texts and link texts kept. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?.*$/gm, '')
    .replace(/[`*_~|#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Cuts the chapters (one Markdown text each, in order) into sections at `##`–`####` headings.
 * Text before a file's first heading is ignored; headings inside code fences are not headings.
 * Ids are unique across the handbook: a repeated one gets `-2`, `-3`….
 */
export function parseHandbook(chapters: readonly string[]): HandbookSection[] {
  const sections: HandbookSection[] = [];
  const used = new Map<string, number>();
  const uniqueId = (wanted: string): string => {
    const seen = used.get(wanted) ?? 0;
    used.set(wanted, seen + 1);
    return seen === 0 ? wanted : `${wanted}-${seen + 1}`;
  };
  for (const chapter of chapters) {
    let current: { id: string; level: number; title: string; chapterId: string; lines: string[] } | null = null;
    let chapterId = '';
    let inFence = false;
    const close = () => {
      if (!current) return;
      const body = current.lines.join('\n').trim();
      sections.push({
        id: current.id,
        level: current.level,
        title: current.title,
        chapterId: current.chapterId,
        body,
        searchText: normalizeForSearch(`${current.title} ${plainText(body)}`),
      });
    };
    for (const line of chapter.split(/\r?\n/)) {
      if (FENCE.test(line)) inFence = !inFence;
      const heading = inFence ? null : HEADING.exec(line);
      if (!heading) {
        current?.lines.push(line);
        continue;
      }
      close();
      const level = (heading[1] as string).length;
      const raw = heading[2] as string;
      const explicit = EXPLICIT_ID.exec(raw);
      const title = explicit ? raw.slice(0, explicit.index).trim() : raw;
      const id = uniqueId(explicit ? (explicit[1] as string) : slugify(title));
      if (level === 2 || !chapterId) chapterId = id;
      current = { id, level, title, chapterId, lines: [] };
    }
    close();
  }
  return sections;
}

/** Full-width letters and digits as half-width, lower-case: `ＰＤＦ` finds `pdf`. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The words of a query: split at spaces (Chinese or not), normalised, duplicates dropped. */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      normalizeForSearch(query)
        .split(/[\s\u3000]+/)
        .filter(Boolean),
    ),
  ];
}

/** True when the section holds every term (Chinese needs no word breaks: each term is a substring). */
export function sectionMatches(section: HandbookSection, terms: readonly string[]): boolean {
  return terms.every((term) => section.searchText.includes(term));
}

/**
 * The sections to show for a query: every section when it is empty; else the matching sections,
 * each with its chapter's heading before it so the reader knows where it is.
 */
export function filterSections(
  sections: readonly HandbookSection[],
  query: string,
): { shown: HandbookSection[]; matches: Set<string> } {
  const terms = searchTerms(query);
  if (terms.length === 0) return { shown: [...sections], matches: new Set() };
  const matches = new Set(sections.filter((section) => sectionMatches(section, terms)).map((section) => section.id));
  const chapters = new Set(sections.filter((section) => matches.has(section.id)).map((section) => section.chapterId));
  const shown = sections.filter(
    (section) => matches.has(section.id) || (chapters.has(section.id) && section.level === 2),
  );
  return { shown, matches };
}
