/** Fills {{name}} placeholders of a dictionary string (islands get strings as props, with no i18n runtime). */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A server message of the form "field: sentence" names the field it is about. */
export function splitFieldMessage(message: string, fields: readonly string[]): { field: string | null; text: string } {
  const match = /^(\w+): (.*)$/s.exec(message);
  if (match && fields.includes(match[1]) && !match[2].includes('; ')) return { field: match[1], text: match[2] };
  return { field: null, text: message };
}
