import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PNG } from '../../../test/factories/catalogue.ts';
import { bake, initialsOf, initialsPng, unbake } from './credentials.bake.ts';

/* Baking without a database: the iTXt chunk in and out, replaced rather than doubled. */

describe('baking', () => {
  it('round-trips the credential JSON and keeps the image decodable', async () => {
    const json = JSON.stringify({ name: 'Größe ✓ 名前', n: 1 });
    const baked = bake(PNG, json);
    expect(unbake(baked)).toBe(json);
    expect((await sharp(baked).metadata()).width).toBe(1);
  });

  it('replaces an earlier credential instead of adding a second', () => {
    const twice = bake(bake(PNG, '{"a":1}'), '{"b":2}');
    expect(unbake(twice)).toBe('{"b":2}');
    expect(twice.toString('latin1').split('openbadgecredential').length).toBe(2);
  });

  it('finds nothing in a plain PNG, a corrupted one, or bytes that are no PNG', () => {
    expect(unbake(PNG)).toBeNull();
    const corrupted = Buffer.from(bake(PNG, '{}'));
    corrupted[40] = (corrupted[40] as number) ^ 0xff;
    expect(unbake(corrupted)).toBeNull();
    expect(unbake(Buffer.from('GIF89a'))).toBeNull();
    expect(() => bake(Buffer.from('nope'), '{}')).toThrow();
  });

  it('draws initials for a badge without an image', async () => {
    expect(initialsOf('safety first aid')).toBe('SF');
    expect(initialsOf('  ')).toBe('★');
    const png = await initialsPng('Safety <First> & "more"');
    expect((await sharp(png).metadata()).width).toBe(256);
  });
});
