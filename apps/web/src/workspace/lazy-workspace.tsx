import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { AnnotationWorkspaceProps } from './annotation-workspace.tsx';
import { prefetchDocument } from './document-prefetch.ts';
import { useWorkspaceApi } from './workspace-api.ts';

const Workspace = lazy(() => import('./annotation-workspace.tsx'));

/**
 * The annotation workspace, loaded on first use: pdf.js and the workspace stay out of every other
 * screen's bundle. Screens embed this, never `annotation-workspace.tsx` directly.
 */
export function AnnotationWorkspace(props: AnnotationWorkspaceProps) {
  const api = useWorkspaceApi();
  if (!props.fields) prefetchDocument(api, props.documentId);
  return (
    <Suspense
      fallback={
        <div className="full-page-center" role="status">
          <Spin /> 正在加载批注工具…
        </div>
      }
    >
      <Workspace {...props} />
    </Suspense>
  );
}

export type { AnnotationDecoration, Decorate } from './annotation-decoration.ts';
export type { LocalAuthor } from './annotation-model.ts';
export type { AnnotationWorkspaceProps, TextField } from './annotation-workspace.tsx';
export type { WorkspaceApi } from './workspace-api.ts';
// An admin review page runs the same workspace through the comment proxy (adr/011); a practice
// result wraps the default API to show the reference points beside the document's own annotations.
export { linkWorkspaceApi, WorkspaceApiProvider, workspaceApi } from './workspace-api.ts';
export type { SaveState } from './workspace-controller.ts';
