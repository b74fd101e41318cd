// The handbook's Markdown and screenshots from docs/handbook/, bundled with this route only: the
// chapters as raw text, the pictures as hashed assets (their sizes from the screenshot script).
import sizes from '../../../../../../docs/handbook/images/sizes.json';

const chapterFiles = import.meta.glob<string>('../../../../../../docs/handbook/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const imageFiles = import.meta.glob<string>('../../../../../../docs/handbook/images/*.png', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The chapters in file-name order (01-…, 02-…), README.md left out. */
export const HANDBOOK_CHAPTERS: readonly string[] = Object.keys(chapterFiles)
  .filter((file) => !file.endsWith('/README.md'))
  .sort()
  .map((file) => chapterFiles[file] as string);

const imagesByName = new Map(Object.entries(imageFiles).map(([file, url]) => [file.split('/').pop() as string, url]));
const sizesByName: Record<string, readonly number[]> = sizes;

/** A picture the Markdown names as `images/<name>.png`: its bundled address and size, if it exists. */
export function handbookImage(src: string): { url: string; width?: number; height?: number } | null {
  const name = /^(?:\.\/)?images\/([\w.-]+\.png)$/.exec(src)?.[1];
  const url = name ? imagesByName.get(name) : undefined;
  if (!name || !url) return null;
  const size = sizesByName[name];
  return size ? { url, width: size[0], height: size[1] } : { url };
}
