/**
 * A small reader of the tag trees statements come in: XML (camt.053, OFX 2.x) and OFX 1.x's SGML,
 * whose leaf elements are not closed ('<TRNAMT>-12.50' then the next tag). Names lose their
 * namespace prefix; attributes, comments, processing instructions and the DOCTYPE are skipped;
 * CDATA and the five XML entities (and numeric ones) read as text.
 */
import { StatementError } from './types';

export interface Element {
  name: string;
  /** The text directly inside (trimmed); '' for an aggregate. */
  text: string;
  children: Element[];
  /** The line the element starts on (1-based). */
  line: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toUpperCase();

/** Deeper than any statement nests: a file that does is refused, not walked. */
const MAX_DEPTH = 100;

function unterminated(what: string, line: number): StatementError {
  return new StatementError(`Line ${line}: the file ends inside ${what}.`);
}

/**
 * Parses `text` into a tree under a synthetic root, in one pass whose work grows with the file
 * (no search ever runs past the next '<' twice). An element left open when its parent (or the file)
 * closes is a leaf: what SGML's unclosed tags mean. A '<' that starts no tag is text.
 */
export function parseMarkup(text: string): Element {
  const root: Element = { name: '#ROOT', text: '', children: [], line: 1 };
  const stack: Element[] = [root];
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (; counted < index; counted += 1) if (text.charCodeAt(counted) === 10) line += 1;
    return line;
  };
  const top = () => stack[stack.length - 1] as Element;
  const addText = (raw: string, escaped: boolean) => {
    const value = (escaped ? unescape(raw) : raw).trim();
    if (value) top().text += (top().text ? ' ' : '') + value;
  };
  let nextGt = -1;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      addText(text.slice(i), true);
      break;
    }
    if (lt > i) addText(text.slice(i, lt), true);
    const skipTo = (terminator: string, what: string) => {
      const close = text.indexOf(terminator, lt);
      if (close < 0) throw unterminated(what, lineAt(lt));
      return close;
    };
    if (text.startsWith('<![CDATA[', lt)) {
      const close = skipTo(']]>', 'a CDATA section');
      top().text += text.slice(lt + 9, close);
      i = close + 3;
      continue;
    }
    if (text.startsWith('<!--', lt)) {
      i = skipTo('-->', 'a comment') + 3;
      continue;
    }
    if (text.startsWith('<?', lt)) {
      i = skipTo('?>', 'a processing instruction') + 2;
      continue;
    }
    if (nextGt < lt) {
      const found = text.indexOf('>', lt);
      // None left: remembered, so that a file of '<' without '>' is read once, not once per '<'.
      nextGt = found < 0 ? Number.POSITIVE_INFINITY : found;
    }
    const nextLt = text.indexOf('<', lt + 1);
    const tag = /^(\/?)([A-Za-z_][\w.:-]*)/.exec(text.slice(lt + 1, Math.min(lt + 1 + 200, text.length)));
    const noGt = nextGt === Number.POSITIVE_INFINITY;
    if (noGt || (nextLt >= 0 && nextLt < nextGt) || !tag || text[lt + 1] === '!') {
      // A declaration ('<!DOCTYPE …>') is skipped; any other '<' that starts no tag is text.
      if (text[lt + 1] === '!' && !noGt) {
        i = nextGt + 1;
      } else {
        addText('<', false);
        i = lt + 1;
      }
      continue;
    }
    const [, closing, rawName] = tag;
    const name = localName(rawName as string);
    const selfClosing = text[nextGt - 1] === '/';
    if (closing) {
      for (let at = stack.length - 1; at > 0; at -= 1) {
        if ((stack[at] as Element).name === name) {
          stack.length = at;
          break;
        }
      }
    } else {
      const element: Element = { name, text: '', children: [], line: lineAt(lt) };
      // SGML: an open leaf (it has text) is closed by the next tag.
      if (top() !== root && top().text && top().children.length === 0) stack.pop();
      top().children.push(element);
      if (!selfClosing) {
        stack.push(element);
        if (stack.length > MAX_DEPTH)
          throw new StatementError(`Line ${element.line}: the file nests deeper than a statement does.`);
      }
    }
    i = nextGt + 1;
  }
  return root;
}

/** Every descendant named `name`, in document order. */
export function descendants(element: Element, name: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** The text of the first descendant at `path` ('Amt', 'Refs/AcctSvcrRef'), or ''. */
export function textAt(element: Element, path: string): string {
  let node: Element | undefined = element;
  for (const name of path.toUpperCase().split('/')) {
    node = node
      ? (node.children.find((child) => child.name === name) ?? descendants(node, name)[0])
      : undefined;
  }
  return node?.text ?? '';
}

/** The first direct or deeper child named `name`. */
export function child(element: Element, name: string): Element | undefined {
  return element.children.find((candidate) => candidate.name === name) ?? descendants(element, name)[0];
}
