/**
 * Fills the {{name}} placeholders of a dictionary string: the one way the site does it where
 * i18next does not run (the browser scripts, the islands, the API's messages, the traditional
 * Chinese local pages). A placeholder with no value becomes empty.
 */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
}
