import path from 'node:path/posix';
import { Readable } from 'node:stream';
import { questionImageUrl, type TQuestionDefinition } from '@atrium/contract';
import yazl from 'yazl';
import type { ExportImage } from './qti-images.ts';
import { escapeXml as esc } from './qti-xml.ts';
import { imageUuidsOf } from './question-text.ts';

/**
 * Questions as a QTI 3.0 content package: imsmanifest.xml and one qti-assessment-item per
 * question. Everything QTI has an element for is written the standard way (declarations, correct
 * responses, mappings for typed answers, tolerances, modal feedback); Atrium's settings QTI has
 * no element for (rubric, reviewer notes, word and file limits, multiple-choice scoring, case
 * sensitivity) go in a `data-atrium` JSON attribute of the interaction, which qti-item.ts reads
 * back so an export imports as the same definitions. The stored HTML is the sanitiser's output
 * (well-formed, void elements self-closed), so it is written into the XML as it is, except that
 * images point at their copies in the package (`images/<uuid>.<ext>`, relative to the item file),
 * each listed as a file of its item's resource as IMS Content Packaging asks.
 */

export interface ExportQuestion {
  id: number;
  title: string;
  definition: TQuestionDefinition;
}

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd';
const TEMPLATES = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';

const EXT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  txt: 'text/plain',
  zip: 'application/zip',
};

const value = (v: string | number) => `<qti-value>${esc(String(v))}</qti-value>`;
const data = (o: Record<string, unknown>) => ` data-atrium="${esc(JSON.stringify(o))}"`;

function declaration(
  id: string,
  cardinality: string,
  baseType: string,
  correct: (string | number)[],
  mapping?: { key: string; points: number; caseSensitive: boolean }[],
) {
  const key = correct.length
    ? `<qti-correct-response>${correct.map(value).join('')}</qti-correct-response>`
    : '';
  const map = mapping
    ? `<qti-mapping default-value="0">${mapping
        .map(
          (m) =>
            `<qti-map-entry map-key="${esc(m.key)}" mapped-value="${m.points}" case-sensitive="${m.caseSensitive}"/>`,
        )
        .join('')}</qti-mapping>`
    : '';
  return `<qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">${key}${map}</qti-response-declaration>`;
}

const choices = (list: { id: string; text: string }[], tag = 'qti-simple-choice', extra = '') =>
  list.map((c) => `<${tag} identifier="${esc(c.id)}"${extra}>${c.text}</${tag}>`).join('');

/** The declarations, the interaction markup and the response processing of one definition. */
function parts(d: TQuestionDefinition): { decls: string; interaction: string; processing: string } {
  const match = `<qti-response-processing template="${TEMPLATES}/match_correct.xml"/>`;
  const mapped = `<qti-response-processing template="${TEMPLATES}/map_response.xml"/>`;
  switch (d.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const single = d.type === 'single_choice';
      const correct = d.options.filter((o) => o.correct).map((o) => o.id);
      const extra = single ? '' : data({ scoring: d.scoring });
      return {
        decls: declaration('RESPONSE', single ? 'single' : 'multiple', 'identifier', correct),
        interaction: `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="${single ? 1 : 0}"${extra}>${choices(d.options)}</qti-choice-interaction>`,
        processing: match,
      };
    }
    case 'true_false':
      return {
        decls: declaration('RESPONSE', 'single', 'identifier', [d.correct ? 'true' : 'false']),
        interaction: `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">${choices(
          [
            { id: 'true', text: 'True' },
            { id: 'false', text: 'False' },
          ],
        )}</qti-choice-interaction>`,
        processing: match,
      };
    case 'short_answer':
      return {
        decls: declaration(
          'RESPONSE',
          'single',
          'string',
          [d.accepted[0]!],
          d.accepted.map((a) => ({ key: a, points: d.points, caseSensitive: d.case_sensitive })),
        ),
        interaction: `<qti-text-entry-interaction response-identifier="RESPONSE"${data({ case_sensitive: d.case_sensitive })}/>`,
        processing: mapped,
      };
    case 'numeric': {
      const compare =
        d.tolerance > 0
          ? `<qti-equal tolerance-mode="${d.tolerance_mode === 'percent' ? 'relative' : 'absolute'}" tolerance="${d.tolerance} ${d.tolerance}">`
          : '<qti-equal tolerance-mode="exact">';
      return {
        decls: declaration('RESPONSE', 'single', 'float', [d.value]),
        interaction: '<qti-text-entry-interaction response-identifier="RESPONSE"/>',
        processing: `<qti-response-processing><qti-response-condition><qti-response-if>${compare}<qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE"/></qti-set-outcome-value></qti-response-if></qti-response-condition></qti-response-processing>`,
      };
    }
    case 'matching':
      return {
        decls: declaration(
          'RESPONSE',
          'multiple',
          'directedPair',
          d.premises.map((p) => `${p.id} ${p.response}`),
        ),
        interaction: `<qti-match-interaction response-identifier="RESPONSE" shuffle="true" max-associations="${d.premises.length}"><qti-simple-match-set>${choices(d.premises, 'qti-simple-associable-choice', ' match-max="1"')}</qti-simple-match-set><qti-simple-match-set>${choices(d.responses, 'qti-simple-associable-choice', ' match-max="0"')}</qti-simple-match-set></qti-match-interaction>`,
        processing: match,
      };
    case 'ordering':
      return {
        decls: declaration(
          'RESPONSE',
          'ordered',
          'identifier',
          d.items.map((i) => i.id),
        ),
        interaction: `<qti-order-interaction response-identifier="RESPONSE" shuffle="true">${choices(d.items)}</qti-order-interaction>`,
        processing: match,
      };
    case 'fill_in_blanks': {
      const decls = d.blanks
        .map((b) =>
          declaration(
            b.id,
            'single',
            'string',
            [b.accepted[0]!],
            b.accepted.map((a) => ({ key: a, points: 1, caseSensitive: b.case_sensitive })),
          ),
        )
        .join('');
      const caseOf = new Map(d.blanks.map((b) => [b.id, b.case_sensitive]));
      const text = d.text.replace(
        /\[\[(.*?)\]\]/g,
        (_, id: string) =>
          `<qti-text-entry-interaction response-identifier="${esc(id)}"${data({ type: 'fill_in_blanks', case_sensitive: caseOf.get(id) ?? false })}/>`,
      );
      return { decls, interaction: `<div class="atrium-text">${text}</div>`, processing: '' };
    }
    case 'essay':
      return {
        decls: declaration('RESPONSE', 'single', 'string', []),
        interaction: `<qti-extended-text-interaction response-identifier="RESPONSE"${data({
          rubric: d.rubric,
          reviewer_notes: d.reviewer_notes,
          min_words: d.min_words,
          max_words: d.max_words,
        })}/>`,
        processing: '',
      };
    case 'file_upload': {
      const mime = d.allowed_types.map((t) => EXT_MIME[t]).find(Boolean);
      return {
        decls: declaration('RESPONSE', 'single', 'file', []),
        interaction: `<qti-upload-interaction response-identifier="RESPONSE"${mime ? ` type="${mime}"` : ''}${data(
          {
            allowed_types: d.allowed_types,
            max_bytes: d.max_bytes,
            max_files: d.max_files,
            rubric: d.rubric,
            reviewer_notes: d.reviewer_notes,
          },
        )}/>`,
        processing: '',
      };
    }
  }
}

export const itemIdentifier = (q: { id: number }) => `q${q.id}`;
const itemFile = (q: { id: number }) => `items/${itemIdentifier(q)}.xml`;

/** The packed images a question shows, by uuid. */
const imagesOf = (q: ExportQuestion, images: Map<string, ExportImage>) =>
  imageUuidsOf(q.definition).flatMap((uuid) => {
    const image = images.get(uuid);
    return image ? [{ uuid, ...image }] : [];
  });

export function itemXml(q: ExportQuestion, images = new Map<string, ExportImage>()): string {
  const d = q.definition;
  const { decls, interaction, processing } = parts(d);
  const feedback = (['correct', 'incorrect', 'general'] as const)
    .filter((k) => d.feedback[k] !== '')
    .map(
      (k) =>
        `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="${k}" show-hide="show"><qti-content-body>${d.feedback[k]}</qti-content-body></qti-modal-feedback>`,
    )
    .join('');
  let xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS} ${SCHEMA}" identifier="${itemIdentifier(q)}" title="${esc(q.title)}" adaptive="false" time-dependent="false">`,
    decls,
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>',
    `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value>${value(d.points)}</qti-default-value></qti-outcome-declaration>`,
    '<qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>',
    `<qti-item-body><div class="atrium-stem">${d.stem}</div>${interaction}</qti-item-body>`,
    processing,
    feedback,
    '</qti-assessment-item>',
    '',
  ].join('\n');
  // The sanitiser wrote every image as src="<address>", so the address is replaced as written.
  for (const image of imagesOf(q, images)) {
    const relative = path.relative(path.dirname(itemFile(q)), image.path);
    xml = xml.replaceAll(`src="${questionImageUrl(image.uuid)}"`, `src="${esc(relative)}"`);
  }
  return xml;
}

export function manifestXml(
  questions: ExportQuestion[],
  packageId: string,
  images = new Map<string, ExportImage>(),
): string {
  const resources = questions
    .map((q) => {
      const file = itemFile(q);
      const files = [file, ...imagesOf(q, images).map((i) => i.path)]
        .map((f) => `<file href="${esc(f)}"/>`)
        .join('');
      return `<resource identifier="${itemIdentifier(q)}" type="imsqti_item_xmlv3p0" href="${file}">${files}</resource>`;
    })
    .join('\n    ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="${esc(packageId)}">
  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
  <organizations/>
  <resources>
    ${resources}
  </resources>
</manifest>
`;
}

/**
 * A stream that opens its file only once read: the zip reads its entries one after another, so a
 * bank with many images holds one file open at a time, not all of them.
 */
const whenRead = (open: () => Promise<Readable>) =>
  Readable.from(
    (async function* () {
      yield* await open();
    })(),
    { objectMode: false },
  );

/** The package as a zip stream, with the images the questions show (each once). */
export function qtiPackage(
  questions: ExportQuestion[],
  packageId: string,
  images = new Map<string, ExportImage>(),
): Readable {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(manifestXml(questions, packageId, images)), 'imsmanifest.xml');
  const packed = new Set<string>();
  for (const q of questions) {
    zip.addBuffer(Buffer.from(itemXml(q, images)), itemFile(q));
    for (const image of imagesOf(q, images)) {
      if (packed.has(image.uuid)) continue;
      packed.add(image.uuid);
      // Images are compressed already: deflating them again costs time and saves nothing.
      zip.addReadStream(whenRead(image.open), image.path, { compress: false });
    }
  }
  zip.end();
  return zip.outputStream as Readable;
}
