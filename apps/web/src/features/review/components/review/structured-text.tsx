import type { TopicFields } from '@zikao/contract/review';
import { structuredTextFields } from '@zikao/contract/structured-text';

/** A topic's (or a plan's) structured text as fields for the workspace's structured-text mode. */
export function topicTextFields(fields: TopicFields): Array<{ label: string; text: string }> {
  return structuredTextFields(fields);
}

/**
 * The structured text read as it was submitted, for versions that have no document to hold
 * annotations: the reviewer's remarks then go into the review comment.
 */
export function StructuredText({ fields }: { fields: TopicFields }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <article className="rv-structured" aria-label="提交内容" data-testid="structured-text" tabIndex={0}>
      <p className="rv-structured-note">以下为考生提交的文字内容，评阅意见请写在右侧评阅栏。</p>
      {topicTextFields(fields).map((field) => (
        <section key={field.label}>
          <h3>{field.label}</h3>
          <p>{field.text}</p>
        </section>
      ))}
    </article>
  );
}
