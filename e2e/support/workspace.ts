import type { AnnotationDto } from '@zikao/contract/annotation';
import { signParams } from '@zikao/contract/signature';
import type { Page } from 'playwright-core';
import { callApi } from './api.ts';
import { expect } from './expect.ts';
import type { TestServer } from './server.ts';

/** Waits until a page of the workspace has painted its canvas and built its text layer. */
export async function waitForPageText(page: Page, pageIndex: number, timeout = 60_000): Promise<void> {
  await page
    .locator(`.aw-page[data-page-index="${pageIndex}"][data-rendered="true"] .aw-text-layer span[data-offset]`)
    .first()
    .waitFor({ timeout });
}

export interface SelectionEnd {
  pageIndex: number;
  /** Text on the page (as the page text reads, items joined); the selection point is inside it. */
  needle: string;
  /** Offset inside the needle; negative counts from its end. */
  offset: number;
  /** Use the needle's last occurrence on the page. */
  last?: boolean;
}

/**
 * Selects text in the text layers as a mouse drag would leave it (a DOM selection between two
 * points, possibly on two pages), then releases the mouse so the workspace reads it.
 */
export async function selectText(page: Page, from: SelectionEnd, to: SelectionEnd): Promise<string> {
  return page.evaluate(
    ([a, b]) => {
      function point(end: SelectionEnd): { node: Text; offset: number } {
        const spans = [
          ...document.querySelectorAll<HTMLElement>(
            `.aw-page[data-page-index="${end.pageIndex}"] .aw-text-layer span[data-offset]`,
          ),
        ]
          .filter((span) => span.firstChild instanceof Text)
          .map((span) => ({ node: span.firstChild as Text, start: Number(span.dataset.offset) }))
          .sort((x, y) => x.start - y.start);
        let text = '';
        for (const span of spans) text = text.padEnd(span.start, '\n') + span.node.data;
        const at = end.last ? text.lastIndexOf(end.needle) : text.indexOf(end.needle);
        if (at < 0) throw new Error(`"${end.needle}" is not on page ${end.pageIndex}: ${text.slice(0, 200)}`);
        const target = at + (end.offset < 0 ? end.needle.length + end.offset : end.offset);
        const span =
          spans.find((s) => target >= s.start && target < s.start + s.node.data.length) ??
          spans.find((s) => target === s.start + s.node.data.length);
        if (!span) throw new Error(`no text at ${target} on page ${end.pageIndex}`);
        return { node: span.node, offset: target - span.start };
      }
      const start = point(a);
      const finish = point(b);
      const range = document.createRange();
      range.setStart(start.node, start.offset);
      range.setEnd(finish.node, finish.offset);
      const selection = window.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      const rect = range.getBoundingClientRect();
      finish.node.parentElement?.dispatchEvent(
        new MouseEvent('mouseup', { bubbles: true, clientX: rect.right, clientY: rect.bottom }),
      );
      return selection.toString();
    },
    [from, to] as const,
  );
}

/** The bounding box of a needle's characters in a page's text layer, in viewport pixels. */
export async function textBox(page: Page, pageIndex: number, needle: string, from = 0, to = needle.length) {
  return page.evaluate(
    ([p, n, a, b]) => {
      const spans = [
        ...document.querySelectorAll<HTMLElement>(`.aw-page[data-page-index="${p}"] .aw-text-layer span[data-offset]`),
      ]
        .filter((span) => span.firstChild instanceof Text)
        .map((span) => ({ node: span.firstChild as Text, start: Number(span.dataset.offset) }))
        .sort((x, y) => x.start - y.start);
      let text = '';
      for (const span of spans) text = text.padEnd(span.start, '\n') + span.node.data;
      const at = text.indexOf(n);
      const locate = (offset: number) => {
        const span = spans.find(
          (s) => offset >= s.start && offset <= s.start + s.node.data.length,
        ) as (typeof spans)[0];
        return [span.node, offset - span.start] as const;
      };
      const range = document.createRange();
      range.setStart(...locate(at + a));
      range.setEnd(...locate(at + b));
      const r = range.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    },
    [pageIndex, needle, from, to] as const,
  );
}

/** Fills the add-annotation popover: a category, a comment, save. */
export async function fillAnnotation(page: Page, category: string, comment: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '添加批注' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: category, exact: true }).click();
  await dialog.getByLabel(/批注内容/).fill(comment);
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function listAnnotations(server: TestServer, token: string, documentId: number): Promise<AnnotationDto[]> {
  const result = await callApi<AnnotationDto[]>(server, '/v1/annotation/list', { documentId }, token);
  if (result.errorCode !== 0) throw new Error(result.errorMsg);
  return result.data;
}

export async function saveState(page: Page): Promise<string> {
  return (await page.getByTestId('save-state').textContent()) ?? '';
}

export async function waitSaved(page: Page): Promise<void> {
  await expect(async () => (await saveState(page)).includes('已保存'), 'save state 已保存', 60_000);
}

/** Uploads a DOCX through the API and waits until the server has converted it; returns its id. */
export async function uploadDocument(server: TestServer, token: string, docx: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('kind', 'document');
  form.append('file', new Blob([new Uint8Array(docx)]), name);
  const t = Date.now();
  const response = await fetch(`${server.url}/api/v1/upload?t=${t}&sig=${signParams({ kind: 'document' }, t)}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  const envelope = (await response.json()) as { errorCode: number; errorMsg: string; data: { documentId: number } };
  if (envelope.errorCode !== 0) throw new Error(`upload failed: ${envelope.errorMsg}`);
  const documentId = envelope.data.documentId;
  await expect(
    async () =>
      (await callApi<{ status: string }>(server, '/v1/document/status', { documentId }, token)).data.status === 'ready',
    'document converted',
    180_000,
  );
  return documentId;
}
