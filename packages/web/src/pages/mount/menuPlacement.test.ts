import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { placeMenu } from './menuPlacement.ts';

const viewport = { width: 390, height: 480 };
const menu = { width: 160, height: 200 };

test('below the button, right edges aligned, when it fits', () => {
  const button = { top: 100, left: 300, width: 32, height: 32 };
  assert.equal(placeMenu(button, menu, viewport), { top: 134, left: 172 });
});

test('above the button near the bottom edge', () => {
  const button = { top: 430, left: 300, width: 32, height: 32 };
  assert.equal(placeMenu(button, menu, viewport), { top: 228, left: 172 });
});

test('inside the screen near the left edge', () => {
  const button = { top: 100, left: 10, width: 32, height: 32 };
  assert.is(placeMenu(button, menu, viewport).left, 4);
});

test('a menu taller than the room on either side stays on screen', () => {
  const button = { top: 200, left: 300, width: 32, height: 32 };
  const tall = { width: 160, height: 400 };
  const { top } = placeMenu(button, tall, viewport);
  assert.ok(top >= 4 && top + 400 <= 476, `top ${top}`);
});

test.run();
