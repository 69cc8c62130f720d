// The Node form's frame: a boundary of RFC 2046's full 70 characters (the server's search for it is what
// a local upload's speed is bound by; shorter costs the server more CPU), fresh for each form.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FORM_BOUNDARY_LENGTH, formFrame } from './node.ts';

const request = {
  fields: [['path', '/a b'] as [string, string]],
  filename: 'x"y.bin',
  contentType: 'text/plain',
};

test('the boundary is 70 characters RFC 2046 allows, fresh per form, and frames every part', () => {
  const frame = formFrame(request);
  const boundary = /boundary=(.+)$/.exec(frame.contentType)?.[1] ?? '';
  assert.is(FORM_BOUNDARY_LENGTH, 70);
  assert.is(boundary.length, 70);
  assert.match(boundary, /^[0-9A-Za-z'()+_,\-./:=?]+$/, 'only characters RFC 2046 allows, none a space');
  const head = frame.head.toString();
  assert.ok(head.startsWith(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/a b\r\n`));
  assert.ok(
    head.endsWith(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x%22y.bin"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
  );
  assert.is(frame.tail.toString(), `\r\n--${boundary}--\r\n`);
  assert.is.not(/boundary=(.+)$/.exec(formFrame(request).contentType)?.[1], boundary);
});

test.run();
