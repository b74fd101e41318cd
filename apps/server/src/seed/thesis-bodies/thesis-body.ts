/** One chapter of a demo thesis: a heading and its paragraphs, drawn on one PDF page. */
export interface ThesisSection {
  heading: string;
  paragraphs: string[];
  /** Entries set flush left, as a reference list is, rather than indented paragraphs. */
  list?: boolean;
}

/** A demo thesis written for its title: the topic's 立题依据, the chapters and the references. */
export interface ThesisBody {
  title: string;
  rationale: string;
  /** 第一章 绪论 … 结论; the references follow as their own section. */
  sections: ThesisSection[];
  /** GB/T 7714 entries, numbered. */
  references: string[];
}
