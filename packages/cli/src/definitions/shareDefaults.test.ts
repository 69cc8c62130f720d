// The CLI's `--expire` default is the one every client uses (issue 33 item 11, ADR 0065).
import { DEFAULT_SHARE_EXPIRY } from '@clip/sdk';
import { Command } from 'commander';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineFileCommands } from './fileCommands.ts';
import { defineShareCommands } from './shareCommands.ts';

test('paste and upload default --expire to the SDK default', () => {
  const program = new Command('clip');
  defineShareCommands(program);
  defineFileCommands(program);
  for (const name of ['paste', 'upload']) {
    const command = program.commands.find((c) => c.name() === name);
    const expire = command?.options.find((o) => o.long === '--expire');
    assert.is(expire?.defaultValue, DEFAULT_SHARE_EXPIRY, name);
  }
});

test.run();
