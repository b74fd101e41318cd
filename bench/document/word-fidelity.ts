/**
 * Word fidelity (issue 23, adr/020): thesis-shaped DOCX files uploaded through the real server,
 * and the converted PDF's page count against the page count Word recorded in docProps/app.xml.
 * `measureWordFidelity` is part of `bench:document`; run this file alone for just these numbers
 * (`node bench/document/word-fidelity.ts`), which needs no web build.
 */
import type { DocumentSummary } from '@zikao/contract/document';
import {
  thesisFixtureDocx,
  thesisFixtures,
} from '../../apps/server/src/documents/document/word-fidelity/thesis-fixture.ts';
import { apiLogin, callApi } from '../../e2e/support/api.ts';
import { DEMO_PASSWORD, PHONES } from '../../e2e/support/app.ts';
import { startServer, type TestServer } from '../../e2e/support/server.ts';
import { uploadDocument } from '../../e2e/support/workspace.ts';

export interface FidelityRow {
  fixture: string;
  word_pages: number;
  pdf_pages: number;
  ratio: number;
}

export async function measureWordFidelity(server: TestServer, token: string): Promise<FidelityRow[]> {
  const rows: FidelityRow[] = [];
  for (const { name, spec } of thesisFixtures()) {
    const id = await uploadDocument(server, token, thesisFixtureDocx(spec), `${name}.docx`);
    for (;;) {
      const status = await callApi<DocumentSummary>(server, '/v1/document/status', { documentId: id }, token);
      if (status.data.status === 'failed') throw new Error(`${name}: ${status.data.error}`);
      if (status.data.status === 'ready') {
        const pdfPages = status.data.pageCount ?? 0;
        rows.push({
          fixture: name,
          word_pages: spec.pages,
          pdf_pages: pdfPages,
          ratio: Math.round((pdfPages / spec.pages) * 1000) / 1000,
        });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return rows;
}

if (import.meta.main) {
  const server = await startServer();
  try {
    const token = await apiLogin(server, PHONES.reviewer, DEMO_PASSWORD);
    console.log(JSON.stringify({ word_fidelity: await measureWordFidelity(server, token) }));
  } finally {
    await server.stop();
  }
}
