// Which command a command line names (program.ts defines `ls` alone when it is named, the whole tree else).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { namedCommand } from './program.ts';

test('the command is the first word after the global options', () => {
  assert.is(namedCommand(['ls', '/s3']), 'ls');
  assert.is(namedCommand(['--json', 'ls']), 'ls');
  assert.is(namedCommand(['--server', 'http://h:1', 'ls', '-l']), 'ls');
  assert.is(namedCommand(['--server=http://h:1', '--json', 'paste']), 'paste');
  assert.is(namedCommand(['--server', 'ls', 'cat']), 'cat', "--server's value is not the command");
});

test('no command, help, or an option that is not global first: none (the whole tree answers)', () => {
  assert.is(namedCommand([]), undefined);
  assert.is(namedCommand(['ls', '--help']), undefined);
  assert.is(namedCommand(['-h', 'ls']), undefined);
  assert.is(namedCommand(['-l', 'ls']), undefined);
  assert.is(namedCommand(['--server']), undefined);
});

test.run();
