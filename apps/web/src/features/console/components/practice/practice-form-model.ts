import {
  type ConsolePracticeThesisDto,
  consolePracticeCreateSchema,
  type PracticeDifficulty,
} from '@zikao/contract/practice';

export interface PracticeFormValues {
  title: string;
  majorName: string;
  difficulty: PracticeDifficulty | undefined;
  tags: string[];
  description: string;
}

export const EMPTY_PRACTICE_FORM: PracticeFormValues = {
  title: '',
  majorName: '',
  difficulty: undefined,
  tags: [],
  description: '',
};

/** The form's values for a thesis being edited. */
export function formValuesOf(thesis: ConsolePracticeThesisDto): PracticeFormValues {
  return {
    title: thesis.title,
    majorName: thesis.majorName,
    difficulty: thesis.difficulty,
    tags: [...thesis.tags],
    description: thesis.description,
  };
}

/** Tags as typed: trimmed, a leading # dropped, empty and repeated ones left out. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

const metadataSchema = consolePracticeCreateSchema.omit({ documentId: true });

/**
 * The contract's own messages for the form's fields, as the server would give them, by field
 * name (the first per field); empty when the values are valid.
 */
export function formProblems(values: PracticeFormValues): Partial<Record<keyof PracticeFormValues, string>> {
  const parsed = metadataSchema.safeParse({ ...values, tags: cleanTags(values.tags) });
  if (parsed.success) return {};
  const problems: Partial<Record<keyof PracticeFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PracticeFormValues;
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The metadata to send, tags cleaned. */
export function toMetadata(values: PracticeFormValues) {
  return {
    title: values.title.trim(),
    majorName: values.majorName.trim(),
    difficulty: values.difficulty as PracticeDifficulty,
    tags: cleanTags(values.tags),
    description: values.description.trim(),
  };
}
