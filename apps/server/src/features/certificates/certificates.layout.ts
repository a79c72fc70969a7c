import bidiFactory from 'bidi-js';
import { type FontFace, facesOf } from './certificates.fonts.ts';

/**
 * One line of certificate text cut into the pieces pdf-lib draws left to right, each in one face
 * and one direction. The Unicode Bidirectional Algorithm (bidi-js) gives each character its level
 * and the visual order of the runs, so "Ana محمد 李" keeps its Arabic right-to-left between the
 * left-to-right parts. A right-to-left piece is handed over in logical order: fontkit's layout
 * (which pdf-lib's drawText and widthOfTextAtSize go through) shapes Arabic in logical order,
 * joining forms and lam-alef, and then reverses the glyphs itself. Only a piece with no letter of
 * a right-to-left script (brackets or punctuation resolved right-to-left) is reversed here, since
 * fontkit would lay it out left to right. Mirrored characters ("(" in right-to-left) are swapped.
 */

const bidi = bidiFactory();
// The scripts fontkit lays out right to left (its layout reverses their glyphs).
const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;

export interface Piece {
  face: FontFace;
  /** The text as given to drawText: logical order (fontkit reverses RTL scripts itself). */
  text: string;
  rtl: boolean;
}

export function layoutLine(text: string, faces: readonly FontFace[]): Piece[] {
  if (text === '') return [];
  const faceAt = facesOf(text, faces);
  const levels = bidi.getEmbeddingLevels(text);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = bidi.getReorderedIndices(text, levels);

  // Walk the characters in visual order; a piece goes on while face and level stay the same and
  // the logical index keeps stepping the same way (+1 left to right, -1 right to left).
  const pieces: { face: FontFace; level: number; indices: number[] }[] = [];
  for (const i of order) {
    const level = levels.levels[i] ?? 0;
    const face = faceAt[i] as FontFace;
    const last = pieces[pieces.length - 1];
    const prev = last?.indices[last.indices.length - 1];
    const step = level % 2 === 1 ? -1 : 1;
    if (
      last &&
      last.face === face &&
      last.level === level &&
      prev !== undefined &&
      i === prev + step
    ) {
      last.indices.push(i);
    } else {
      pieces.push({ face, level, indices: [i] });
    }
  }

  return pieces.map(({ face, level, indices }) => {
    const rtl = level % 2 === 1;
    const logical = rtl ? [...indices].reverse() : indices;
    const chars = logical.map((i) => mirrored.get(i) ?? text[i]).join('');
    // Without a right-to-left letter fontkit would not reverse the piece: do it here (by code
    // point, so a surrogate pair stays whole).
    const textOut = rtl && !RTL_SCRIPT.test(chars) ? [...chars].reverse().join('') : chars;
    return { face, text: textOut, rtl };
  });
}
