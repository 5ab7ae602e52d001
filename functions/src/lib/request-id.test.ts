import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request id', () => {
  it("keeps a caller's short id of plain characters", () => {
    for (const id of ['3f1c2b9e-8d7a-4c1b-9e2f-0a1b2c3d4e5f', '01HZX3K5M8Q2W7Y4T6R9P0N1B2', 'lb.trace:42_a-b', 'x'.repeat(64)]) {
      expect(requestIdFrom(id)).toBe(id);
    }
  });

  it('replaces a missing, empty, long or oddly spelled id with a fresh UUID', () => {
    for (const id of [
      undefined,
      '',
      'x'.repeat(65),
      'a b',
      'id\tx',
      '<script>',
      '"quoted"',
      'a/b',
      'first, second',
      'ünïcode',
      'id\nforged log line',
    ]) {
      expect(requestIdFrom(id)).toMatch(UUID);
    }
  });
});
