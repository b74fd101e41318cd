/** Whether an Accept-Encoding header admits gzip: named with a q above 0, or else through `*`. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return false;
  // Browsers send the same header on every call: the last answer is kept.
  if (text === lastAcceptEncoding.header) return lastAcceptEncoding.gzip;
  const gzip = readAcceptEncoding(text);
  lastAcceptEncoding = { header: text, gzip };
  return gzip;
}

let lastAcceptEncoding = { header: '', gzip: false };

function readAcceptEncoding(text: string): boolean {
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}
