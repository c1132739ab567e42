import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

/** A path into a content file's value, as zod reports it: object keys and array indexes. */
export type ValuePath = readonly (string | number)[];

/**
 * A content file read for checking: its value, and where in the text each part of it is, so a
 * problem can name the line a maintainer has to change rather than only a path.
 */
export interface ContentSource {
  value: unknown;
  /** Line (1-based) of the value at `path`, or of the nearest enclosing value the file has. */
  lineAt(path: ValuePath): number;
  /** Line of `key` itself in the object at `path` (for a key that should not be there). */
  keyLineAt(path: ValuePath, key: string): number;
}

/** A file whose text cannot be read as its format at all: where it fails and why. */
export interface SyntaxFault {
  line: number;
  message: string;
}

export type ReadResult = { ok: true; source: ContentSource } | { ok: false; fault: SyntaxFault };

/** Line numbers from offsets, by binary search over the offsets where lines start. */
function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  };
}

/** What a maintainer should do about each JSON syntax error jsonc-parser can report. */
const JSON_FAULTS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'not a valid number',
  PropertyNameExpected: 'a key in double quotes is expected here (a comma too many before a closing brace?)',
  ValueExpected: 'a value is expected here (a comma too many before a closing bracket?)',
  ColonExpected: 'a colon is expected after the key',
  CommaExpected: 'a comma is expected before this item',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'nothing may follow the end of the value (a bracket or brace too many?)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'the text is not closed by a double quote',
  UnexpectedEndOfNumber: 'the number is cut off',
  InvalidUnicode: 'invalid \\u escape in a text',
  InvalidEscapeCharacter: 'invalid escape in a text (write \\\\ for a backslash)',
  InvalidCharacter: 'a line break or tab inside a text must be written \\n or \\t',
};

/**
 * Reads a JSON file. JSON.parse decides whether the file is valid (it is what the site itself
 * uses); jsonc-parser only locates the fault, and builds the tree for line numbers only when a
 * problem needs one, so a valid file costs one JSON.parse.
 */
export function readJson(text: string): ReadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const position = lineIndex(text);
    const first = errors[0];
    if (!first) {
      const line = /line (\d+)/.exec((error as Error).message)?.[1];
      return { ok: false, fault: { line: line ? Number(line) : 1, message: `not valid JSON: ${(error as Error).message}` } };
    }
    const { line, column } = position(first.offset);
    const code = printParseErrorCode(first.error);
    return { ok: false, fault: { line, message: `not valid JSON (column ${column}): ${JSON_FAULTS[code] ?? code}` } };
  }
  let tree: Node | undefined;
  let position: ReturnType<typeof lineIndex> | undefined;
  const nodeAt = (path: ValuePath): Node | undefined => {
    tree ??= parseTree(text);
    if (!tree) return undefined;
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, path.slice(0, n) as (string | number)[]);
      if (node) return node;
    }
    return tree;
  };
  const lineOf = (offset: number) => {
    position ??= lineIndex(text);
    return position(offset).line;
  };
  return {
    ok: true,
    source: {
      value,
      lineAt: (path) => lineOf(nodeAt(path)?.offset ?? 0),
      keyLineAt: (path, key) => {
        const node = nodeAt([...path, key]);
        // the value's parent is its property, whose first child is the key
        const keyNode = node?.parent?.type === 'property' ? node.parent.children?.[0] : node;
        return lineOf(keyNode?.offset ?? 0);
      },
    },
  };
}

/** `---` on a line of its own, with nothing but spaces after it. */
const FENCE = /^---[ \t]*\r?$/;

/**
 * Reads the YAML front matter of a markdown file: the lines between a `---` first line and
 * the next `---` line. Line numbers count from the top of the file.
 */
export function readFrontMatter(text: string): ReadResult {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (!FENCE.test(lines[0] ?? '')) {
    return { ok: false, fault: { line: 1, message: 'must start with YAML front matter: a --- line, the fields (title: …), and a closing --- line' } };
  }
  const end = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (end === -1) return { ok: false, fault: { line: 1, message: 'the front matter is not closed: add a --- line after its last field' } };
  const yamlText = lines.slice(1, end).join('\n');
  const counter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: counter });
  // the front matter starts on the file's second line
  const fileLine = (offset: number) => counter.linePos(offset).line + 1;
  const fault = doc.errors[0];
  if (fault) {
    const [line, column] = fault.linePos ? [fault.linePos[0].line + 1, fault.linePos[0].col] : [1, 1];
    // the parser's own "at line …" counts from the front matter, not the file
    const reason = fault.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, fault: { line, message: `not valid YAML front matter (column ${column}): ${reason}` } };
  }
  const nodeAt = (path: ValuePath) => {
    for (let n = path.length; n > 0; n--) {
      const node = doc.getIn(path.slice(0, n), true);
      if (node && typeof node === 'object' && 'range' in node && node.range) return node as { range: [number, number, number] };
    }
    return doc.contents?.range ? (doc.contents as { range: [number, number, number] }) : undefined;
  };
  return {
    ok: true,
    source: {
      value: doc.toJS(),
      lineAt: (path) => {
        const node = nodeAt(path);
        return node ? fileLine(node.range[0]) : 1;
      },
      keyLineAt: (path, key) => {
        const map = path.length === 0 ? doc.contents : doc.getIn(path, true);
        const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
        const range = isScalar(pair?.key) ? pair.key.range : undefined;
        return range ? fileLine(range[0]) : 1;
      },
    },
  };
}
