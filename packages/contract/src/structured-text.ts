import type { TopicFields } from './review.ts';

/**
 * The source type of a document that holds a topic's (or a structured plan's) text rather than a
 * file: its pages are the fields, it has no PDF, and reviewers annotate it like any document.
 */
export const STRUCTURED_TEXT_MIME = 'application/vnd.zikao.structured-text';

export const TOPIC_FIELD_LABELS: Record<keyof TopicFields, string> = {
  title: '论文题目',
  rationale: '选题理由',
  outline: '论文提纲',
  references: '参考文献',
};

/** What an empty field reads as, on the server's pages and on screen alike. */
export const EMPTY_FIELD_TEXT = '（未填写）';

/**
 * The fields of structured text in page order, as the server stores them and the workspace shows
 * them: annotations anchor to these exact texts, so both sides must build them here.
 */
export function structuredTextFields(fields: TopicFields): Array<{ label: string; text: string }> {
  return (Object.keys(TOPIC_FIELD_LABELS) as Array<keyof TopicFields>).map((key) => ({
    label: TOPIC_FIELD_LABELS[key],
    text: fields[key] || EMPTY_FIELD_TEXT,
  }));
}
