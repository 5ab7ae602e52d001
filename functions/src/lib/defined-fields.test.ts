import { describe, expect, it } from 'vitest';
import { definedFields } from './defined-fields';

describe('definedFields', () => {
  it('keeps the fields that are set (null, 0, false and "" among them) in their order, and drops the undefined', () => {
    const picked = definedFields({ a: undefined, b: null, c: 0, d: false, e: '', f: 'x', g: undefined });
    expect(picked).toEqual({ b: null, c: 0, d: false, e: '', f: 'x' });
    expect(Object.keys(picked)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect('a' in picked).toBe(false);
  });

  it('spreads over a document as the given fields only', () => {
    const doc = { name: 'Old', min: 10, max: 100 };
    expect({ ...doc, ...definedFields({ name: undefined, min: 20 }) }).toEqual({ name: 'Old', min: 20, max: 100 });
  });
});
