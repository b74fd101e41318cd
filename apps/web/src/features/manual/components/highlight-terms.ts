/**
 * A rehype plugin that wraps each occurrence of the search terms in `<mark>`, so the reader sees
 * why a section matched. It works on the HTML tree react-markdown renders from, never on a string:
 * the text stays text.
 */

interface TextNode {
  type: 'text';
  value: string;
}
interface ElementNode {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: TreeNode[];
}
type TreeNode = TextNode | ElementNode | { type: string; children?: TreeNode[] };
interface ParentNode {
  children: TreeNode[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text cut into pieces, each marked when it is one of the terms (case-insensitive). */
export function splitByTerms(text: string, terms: readonly string[]): Array<{ text: string; marked: boolean }> {
  const wanted = terms.filter(Boolean);
  if (wanted.length === 0 || text === '') return [{ text, marked: false }];
  // Longest first, so 常用批注语 wins over 批注 where both are searched.
  const pattern = new RegExp(
    `(${[...wanted]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})`,
    'giu',
  );
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) pieces.push({ text: text.slice(last, at), marked: false });
    pieces.push({ text: match[0], marked: true });
    last = at + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), marked: false });
  return pieces;
}

function markIn(parent: ParentNode, terms: readonly string[]): void {
  const next: TreeNode[] = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      for (const piece of splitByTerms((child as TextNode).value, terms)) {
        next.push(
          piece.marked
            ? { type: 'element', tagName: 'mark', properties: {}, children: [{ type: 'text', value: piece.text }] }
            : { type: 'text', value: piece.text },
        );
      }
      continue;
    }
    if ('children' in child && Array.isArray(child.children)) markIn(child as ParentNode, terms);
    next.push(child);
  }
  parent.children = next;
}

/** The plugin for react-markdown's `rehypePlugins`: `[[highlightTerms, terms]]`. */
export function highlightTerms(terms: readonly string[]) {
  return (tree: ParentNode) => {
    if (terms.length > 0) markIn(tree, terms);
  };
}
