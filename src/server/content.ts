import { z } from 'zod';
import { Location } from '../contract/entities';
import locationsJson from '../../content/local-sites.json';

/**
 * Content the API answers from. The files are bundled into the server and
 * validated with the same schemas as the build, once, on first use.
 */
let locations: Location[] | undefined;

export function loadLocations(): Location[] {
  locations ??= parseContent('content/local-sites.json', z.array(Location), locationsJson);
  return locations;
}

export function parseContent<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${file}: ${problems}`);
  }
  return parsed.data;
}
