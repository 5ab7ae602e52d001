import { describe, expect, it } from 'vitest';
import { MAX_MULTIPART_FIELDS, parseMultipartFields } from './multipart-fields';

/** A body and its Content-Type as undici's FormData (what browsers and Node's fetch send) serializes it. */
async function formDataBody(fill: (form: FormData) => void): Promise<[Buffer, string]> {
  const form = new FormData();
  fill(form);
  const res = new Response(form);
  return [Buffer.from(await res.arrayBuffer()), res.headers.get('content-type') ?? ''];
}

describe('parseMultipartFields', () => {
  it('reads the text fields of a FormData body, UTF-8 included, and skips files', async () => {
    const [body, type] = await formDataBody((form) => {
      form.append('key', 'k'.repeat(40));
      form.append('link', 'https://www.instagram.com/شاپ/');
      form.append('file', new Blob(['ignored']), 'a.txt');
      form.append('quantity', '');
    });
    expect(await parseMultipartFields(body, type)).toEqual({ key: 'k'.repeat(40), link: 'https://www.instagram.com/شاپ/', quantity: '' });
  });

  it('reads a quoted boundary, a preamble and an epilogue, and gives a repeated name an array', async () => {
    const body = Buffer.from(
      'preamble\r\n--b-x\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain\r\n\r\nline 1\r\nline 2\r\n--b-x\r\ncontent-disposition: form-data; name="a"\r\n\r\n2\r\n--b-x--\r\nepilogue',
    );
    expect(await parseMultipartFields(body, 'multipart/form-data; boundary="b-x"')).toEqual({ a: ['line 1\r\nline 2', '2'] });
    expect(await parseMultipartFields(body, 'multipart/form-data; charset=utf-8; boundary=b-x')).toEqual({ a: ['line 1\r\nline 2', '2'] });
  });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
    ['no close delimiter', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'],
    ['a part without a name', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data\r\n\r\n1\r\n--x--'],
    ['a part without headers', 'multipart/form-data; boundary=x', '--x\r\n\r\n1\r\n--x--'],
    ['a part that is not form-data', 'multipart/form-data; boundary=x', '--x\r\nContent-Type: text/plain\r\n\r\n1\r\n--x--'],
    [
      'too many fields',
      'multipart/form-data; boundary=x',
      `${'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'.repeat(MAX_MULTIPART_FIELDS + 1)}--x--`,
    ],
  ])('refuses a body with %s', async (_, type, body) => {
    expect(await parseMultipartFields(Buffer.from(body), type)).toBeNull();
  });
});
