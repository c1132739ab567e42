/** Islands get their strings as props, with no i18n runtime: {{name}} placeholders are filled by the one fill. */
export { fill } from '../../i18n/fill';

/** A server message of the form "field: sentence" names the field it is about. */
export function splitFieldMessage(message: string, fields: readonly string[]): { field: string | null; text: string } {
  const match = /^(\w+): (.*)$/s.exec(message);
  if (match && fields.includes(match[1]) && !match[2].includes('; ')) return { field: match[1], text: match[2] };
  return { field: null, text: message };
}
