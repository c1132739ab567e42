import { getCollection } from 'astro:content';
import { publishedPositions, type Position } from '../schemas/recruiting';

export { JOB_PAGE_SIZE } from '../schemas/recruiting';

/** Positions for the recruiting pages (build time): the published ones, newest first. */
export async function getPublishedPositions(): Promise<Position[]> {
  return publishedPositions((await getCollection('positions')).map((e) => e.data as Position));
}
