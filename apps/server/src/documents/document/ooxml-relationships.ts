import { SaxesParser } from 'saxes';

/**
 * The relationships of an Office Open XML part (`<dir>/_rels/<part>.rels`), and which of them
 * LibreOffice may fetch (adr/027). A picture, an OLE object, a template, a frame or any other
 * part linked by an External relationship is fetched while converting: over HTTP, or read from
 * the server's disk for a `file:` target. The one External kind it never fetches is a hyperlink,
 * but only as long as nothing but a hyperlink refers to it: `<a:blip r:link>` pointing at a
 * hyperlink's relationship is fetched like any picture.
 */
export interface Relationship {
  id: string;
  type: string;
  target: string;
  /** TargetMode External, or a target that is a URL or a path outside the package. */
  external: boolean;
}

const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HYPERLINK_TYPES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/hyperlink',
]);
/** The namespaces of `r:id` (transitional and strict). */
const RELATIONSHIP_ATTRIBUTE_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);
/** Elements whose `r:id` is a hyperlink's: `w:hyperlink` (and a sheet's), DrawingML's click and hover links. */
const HYPERLINK_ELEMENTS = new Set(['hyperlink', 'hlinkClick', 'hlinkHover', 'hlinkMouseOver']);

/** A URL (`http:`, `file:`, `C:`), a network path (`//host`, `\\host`): nothing inside the package. */
const OUTSIDE_PACKAGE = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

export const isHyperlink = (relationship: Relationship): boolean => HYPERLINK_TYPES.has(relationship.type.trim());

/**
 * Decodes an XML part as LibreOffice's parser would: UTF-8 (with or without a byte order mark) or
 * UTF-16 with one. Anything else fails (bytes that are not UTF-8 here, NULs for the parser), so
 * that no other encoding makes us read other text than LibreOffice does.
 */
class XmlDecoder {
  private decoder: TextDecoder | null = null;
  private head = Buffer.alloc(0);
  /** The encoding family, once the first bytes are known. */
  family: 'utf-8' | 'utf-16' | null = null;

  /** The text of the bytes so far; throws on bytes that are not text in the encoding found. */
  write(chunk: Buffer): string {
    if (this.decoder) return this.decoder.decode(chunk, { stream: true });
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 2) return '';
    return this.start().decode(this.head, { stream: true });
  }

  end(): string {
    if (this.decoder) return this.decoder.decode();
    return this.head.length ? this.start().decode(this.head) : '';
  }

  private start(): TextDecoder {
    const [first, second] = this.head;
    const label =
      first === 0xff && second === 0xfe ? 'utf-16le' : first === 0xfe && second === 0xff ? 'utf-16be' : 'utf-8';
    this.family = label === 'utf-8' ? 'utf-8' : 'utf-16';
    this.decoder = new TextDecoder(label, { fatal: true });
    return this.decoder;
  }
}

/** Whether an XML declaration's encoding agrees with the bytes (none declared is UTF-8 or the BOM's). */
function declaredEncodingAgrees(declared: string | undefined, family: XmlDecoder['family']): boolean {
  if (!declared) return true;
  const name = declared.trim().toLowerCase();
  return family === 'utf-16' ? ['utf-16', 'utf-16le', 'utf-16be'].includes(name) : ['utf-8', 'utf8'].includes(name);
}

/**
 * An XML parser that takes bytes and gives up, for good, on anything LibreOffice might read
 * otherwise: a DOCTYPE (entities), an encoding other than the bytes', a well-formedness error.
 */
function strictParser(onElement: (element: Element) => void): {
  write(chunk: Buffer): void;
  end(): boolean;
} {
  const parser = new SaxesParser({ xmlns: true });
  const decoder = new XmlDecoder();
  let ok = true;
  parser.on('error', () => {
    ok = false;
  });
  parser.on('doctype', () => {
    ok = false;
  });
  parser.on('xmldecl', (declaration) => {
    if (!declaredEncodingAgrees(declaration.encoding, decoder.family)) ok = false;
  });
  parser.on('opentag', (tag) => {
    if (!ok) return;
    onElement({
      local: tag.local,
      attributes: Object.values(tag.attributes).map((attribute) => ({
        local: attribute.local,
        uri: attribute.uri,
        value: attribute.value,
      })),
    });
  });
  const feed = (text: string) => {
    if (ok && text) parser.write(text);
  };
  return {
    write(chunk) {
      if (!ok) return;
      try {
        feed(decoder.write(chunk));
      } catch {
        ok = false;
      }
    },
    end() {
      try {
        feed(decoder.end());
        if (ok) parser.close();
      } catch {
        ok = false;
      }
      return ok;
    },
  };
}

interface Element {
  local: string;
  attributes: Array<{ local: string; uri: string; value: string }>;
}

/** The relationships of a `.rels` part; null when it is not one we read as LibreOffice does. */
export function parseRelationships(bytes: Buffer): Relationship[] | null {
  const relationships: Relationship[] = [];
  const parser = strictParser((element) => {
    if (element.local !== 'Relationship') return;
    const attribute = (name: string) => element.attributes.find((a) => a.local === name && a.uri === '')?.value ?? '';
    const target = attribute('Target');
    relationships.push({
      id: attribute('Id'),
      type: attribute('Type'),
      target,
      external: attribute('TargetMode').trim().toLowerCase() === 'external' || OUTSIDE_PACKAGE.test(target.trim()),
    });
  });
  parser.write(bytes);
  return parser.end() ? relationships : null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** An attribute value as written; tabs and line breaks as references, so parsing gives them back. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\t\n\r]/g, (char) => ESCAPES[char] ?? `&#${char.charCodeAt(0)};`);
}

/** A `.rels` part holding exactly these relationships, in UTF-8. */
export function serializeRelationships(relationships: readonly Relationship[]): Buffer {
  const items = relationships.map(
    (relationship) =>
      `<Relationship Id="${escapeAttribute(relationship.id)}" Type="${escapeAttribute(relationship.type)}" Target="${escapeAttribute(relationship.target)}"${relationship.external ? ' TargetMode="External"' : ''}/>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${items.join('')}</Relationships>`,
    'utf8',
  );
}

/**
 * Reads a part (in chunks) and tells which of the candidate hyperlink ids it uses only as
 * hyperlinks. Ids compare trimmed and without case, so no spelling of an id escapes the check.
 */
export class HyperlinkUseScanner {
  private readonly candidates: ReadonlySet<string>;
  private readonly misused = new Set<string>();
  private readonly parser;

  constructor(candidates: ReadonlySet<string>) {
    this.candidates = candidates;
    const wanted = new Set([...candidates].map((id) => id.trim().toLowerCase()));
    this.parser = strictParser((element) => {
      for (const attribute of element.attributes) {
        const value = attribute.value.trim().toLowerCase();
        if (!wanted.has(value)) continue;
        const asHyperlink =
          HYPERLINK_ELEMENTS.has(element.local) &&
          attribute.local === 'id' &&
          RELATIONSHIP_ATTRIBUTE_NAMESPACES.has(attribute.uri);
        if (!asHyperlink) this.misused.add(value);
      }
    });
  }

  write(chunk: Buffer): void {
    this.parser.write(chunk);
  }

  /** The candidates used only as hyperlinks (or not at all); none when the part could not be read. */
  end(): Set<string> {
    if (!this.parser.end()) return new Set();
    return new Set([...this.candidates].filter((id) => !this.misused.has(id.trim().toLowerCase())));
  }
}
