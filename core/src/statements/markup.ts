/**
 * A small reader of the tag trees statements come in: XML (camt.053, OFX 2.x) and OFX 1.x's SGML,
 * whose leaf elements are not closed ('<TRNAMT>-12.50' then the next tag). Names lose their
 * namespace prefix; attributes, comments, processing instructions and the DOCTYPE are skipped;
 * CDATA and the five XML entities (and numeric ones) read as text.
 */
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
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toUpperCase();

/**
 * Parses `text` into a tree under a synthetic root. An element left open when its parent (or the
 * file) closes is a leaf: what SGML's unclosed tags mean.
 */
export function parseMarkup(text: string): Element {
  const root: Element = { name: '#ROOT', text: '', children: [], line: 1 };
  const stack: Element[] = [root];
  const token =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^>]*?)?)(\/?)>|([^<]+)/g;
  let line = 1;
  let lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = token.exec(text)) !== null) {
    for (let i = lastIndex; i < match.index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    lastIndex = match.index;
    const top = stack[stack.length - 1] as Element;
    const [whole, cdata, closing, rawName, , selfClosing, chars] = match;
    if (cdata !== undefined) {
      top.text += cdata;
    } else if (chars !== undefined) {
      const value = unescape(chars).trim();
      if (value) top.text += (top.text ? ' ' : '') + value;
    } else if (rawName !== undefined) {
      const name = localName(rawName);
      if (closing) {
        const at = stack.map((element) => element.name).lastIndexOf(name);
        if (at > 0) stack.length = at;
      } else {
        const element: Element = { name, text: '', children: [], line };
        // SGML: an open leaf (it has text) is closed by the next tag.
        if (top !== root && top.text && top.children.length === 0) stack.pop();
        (stack[stack.length - 1] as Element).children.push(element);
        if (!selfClosing) stack.push(element);
      }
    }
    void whole;
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
