import positionsJson from '../../../content/recruiting/positions.json';
import { parseContent } from '../../shared/parse-content';
import { PositionsFile, publishedPositions, type Position } from '../../content-model/schemas/recruiting';

/**
 * The positions the API answers from: content/recruiting/positions.json, bundled
 * into the server and validated with the build's schema on first use.
 */
let all: Position[] | undefined;

export function loadPositions(): Position[] {
  all ??= parseContent('content/recruiting/positions.json', PositionsFile, positionsJson).positions;
  return all;
}

/** Published positions in list order (newest first). */
export function listedPositions(): Position[] {
  return publishedPositions(loadPositions());
}

/** A published position, or undefined (unknown and unpublished are the same to visitors). */
export function findPublished(id: string): Position | undefined {
  return loadPositions().find((p) => p.id === id && p.published);
}
