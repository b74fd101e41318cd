import { Input } from 'antd';
import { useEffect, useId, useState } from 'react';
import { type PromptRule, promptInputProblem } from '../utils/prompt-input.ts';
import { Dialog } from './steady-dialogs.tsx';

interface PromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  rule?: PromptRule;
  initialValue?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/** A one-field prompt; an input that breaks the rule shows 输入的数据不合法! (seed 5). */
export function PromptDialog({ open, title, label, rule, initialValue = '', onSubmit, onCancel }: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (open) {
      setValue(initialValue);
      setProblem(null);
    }
  }, [open, initialValue]);
  const submit = () => {
    const found = promptInputProblem(value, rule);
    setProblem(found);
    if (!found) onSubmit(value);
  };
  return (
    <Dialog open={open} title={title} onOk={submit} onCancel={onCancel} okText="确定" cancelText="取消" destroyOnHidden>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 8 }}>
        {label}
      </label>
      <Input
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={submit}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem ? (
        <div id={`${id}-problem`} role="alert" style={{ color: '#c2410c', marginTop: 4 }}>
          {problem}
        </div>
      ) : null}
    </Dialog>
  );
}
