import type { z } from 'zod';

/** Validates a content file's value, failing with the file and every bad field named. */
export function parseContent<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${file}: ${problems}`);
  }
  return parsed.data;
}
