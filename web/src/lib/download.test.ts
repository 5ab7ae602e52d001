import { describe, expect, it } from 'vitest';
import { attachmentName } from '@/lib/download';

describe('the name the server gives a file', () => {
  it('is read from Content-Disposition', () => {
    expect(attachmentName('attachment; filename="statement-2025-11-25-to-2026-11-24.csv"')).toBe('statement-2025-11-25-to-2026-11-24.csv');
  });

  it('is none without the header, or when it is not a plain file name', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBeNull();
    expect(attachmentName('attachment; filename="a b.csv"')).toBeNull();
  });
});
