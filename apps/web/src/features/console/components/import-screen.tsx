import type { ImportPreview, ImportResult } from '@zikao/contract/student-import';
import { Steps } from 'antd';
import { useState } from 'react';
import { Page } from '../../../shared/components/page.tsx';
import { PreviewStep } from './import/preview-step.tsx';
import { ResultStep } from './import/result-step.tsx';
import { UploadStep } from './import/upload-step.tsx';
import './import/import.css';

type State =
  | { step: 'upload' }
  | { step: 'preview'; file: File; preview: ImportPreview }
  | { step: 'done'; result: ImportResult };

const STEP_INDEX = { upload: 0, preview: 1, done: 2 } as const;

/** Candidate import (admins): upload a CSV or .xlsx, check every row, then import. */
export default function ImportScreen() {
  const [state, setState] = useState<State>({ step: 'upload' });
  const restart = () => setState({ step: 'upload' });
  return (
    <Page>
      <Steps
        className="imp-steps"
        current={STEP_INDEX[state.step]}
        items={[{ title: '上传文件' }, { title: '校验预览' }, { title: '导入完成' }]}
      />
      {state.step === 'upload' && (
        <UploadStep onPreviewed={(file, preview) => setState({ step: 'preview', file, preview })} />
      )}
      {state.step === 'preview' && (
        <PreviewStep
          file={state.file}
          preview={state.preview}
          onImported={(result) => setState({ step: 'done', result })}
          onRestart={restart}
        />
      )}
      {state.step === 'done' && <ResultStep result={state.result} onRestart={restart} />}
    </Page>
  );
}
