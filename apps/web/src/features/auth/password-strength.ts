export type Strength = 'weak' | 'medium' | 'strong';

export const STRENGTH_LABELS: Record<Strength, string> = { weak: '弱', medium: '中', strong: '强' };

/** A simple strength hint: length plus the variety of character classes. */
export function passwordStrength(password: string): Strength {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  const length = Array.from(password).length;
  if (length >= 12 && classes >= 3) return 'strong';
  if (length >= 8 && classes >= 2) return 'medium';
  return 'weak';
}
