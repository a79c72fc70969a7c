/**
 * Test helpers (not imported by the app): zip bombs built in the test, in
 * milliseconds and without holding what they inflate to. A piece of data is
 * deflated once with a full flush (no back-references across it), so the
 * same compressed bytes repeated N times are a valid deflate stream of the
 * piece repeated N times; the zip itself is written by hand so its headers
 * may declare whatever sizes a test wants.
 */
import zlib from 'node:zlib';

export interface Deflated {
  /** Raw deflate data. */
  data: Buffer;
  crc: number;
  /** Bytes it really inflates to. */
  size: number;
}

/** `parts` one after the other, each `times` over, as one raw deflate stream. */
export function deflateRepeated(parts: { chunk: Buffer | string; times?: number }[]): Deflated {
  const out: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const { chunk, times = 1 } of parts) {
    const raw = Buffer.from(chunk);
    const block = zlib.deflateRawSync(raw, {
      level: 9,
      finishFlush: zlib.constants.Z_FULL_FLUSH,
    });
    for (let i = 0; i < times; i++) {
      out.push(block);
      crc = zlib.crc32(raw, crc);
    }
    size += raw.length * times;
  }
  out.push(Buffer.from([0x03, 0x00])); // an empty final block
  return { data: Buffer.concat(out), crc, size };
}

export const stored = (content: Buffer | string): Deflated => {
  const data = Buffer.from(content);
  return { data, crc: zlib.crc32(data), size: data.length };
};

export interface HandZipEntry {
  name: string;
  /** Deflated data (see deflateRepeated), or stored data when `stored` is true. */
  content: Deflated;
  stored?: boolean;
  /** The uncompressed size the headers declare (default: the true size). */
  declaredSize?: number;
}

/** A zip written by hand: local headers, data, central directory, end record. */
export function handZip(entries: HandZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.stored ? 0 : 8;
    const declared = e.declaredSize ?? e.content.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.content.crc >>> 0, 14);
    local.writeUInt32LE(e.content.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by (MS-DOS)
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(e.content.crc >>> 0, 16);
    central.writeUInt32LE(e.content.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.content.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.content.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';

/** Row `r` of inline strings, with cell references as Excel writes them. */
export const inlineRow = (r: number, cells: string[]) =>
  `<row r="${r}">${cells
    .map(
      (c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`,
    )
    .join('')}</row>`;

/**
 * A minimal XLSX around the given sheet (and shared strings) parts, in the
 * order Excel writes them; `extra` adds more entries.
 */
export function xlsxZip(
  sheet: Omit<HandZipEntry, 'name'>,
  options: { sharedStrings?: Omit<HandZipEntry, 'name'>; extra?: HandZipEntry[] } = {},
): Buffer {
  const part = (name: string, xml: string): HandZipEntry => ({
    name,
    content: deflateRepeated([{ chunk: xml }]),
  });
  return handZip([
    part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${options.sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${options.sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    ),
    ...(options.sharedStrings ? [{ name: 'xl/sharedStrings.xml', ...options.sharedStrings }] : []),
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(options.extra ?? []),
  ]);
}

/**
 * Wall time around `run` (ms) and how far memory grew (MB): resident set
 * and heap, the highest of what was sampled every 5 ms and what is left after.
 */
export async function measured<T>(run: () => Promise<T>) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  try {
    const result = await run();
    const ms = performance.now() - started;
    sample();
    return {
      result,
      ms: Math.round(ms),
      rssMb: Math.round((peakRss - before.rss) / 1024 / 1024),
      heapMb: Math.round((peakHeap - before.heapUsed) / 1024 / 1024),
    };
  } finally {
    clearInterval(timer);
  }
}
