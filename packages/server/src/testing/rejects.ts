/** Awaits a call that must fail through the SDK and answers the ClipError it carried. */
import { ClipError } from '@clip/sdk';
import * as assert from 'uvu/assert';

export async function rejects(p: Promise<unknown>): Promise<ClipError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, ClipError);
    return err as ClipError;
  }
  throw new assert.Assertion({ message: 'expected a rejection' } as never);
}

/** The HTTP status of a call that must fail through the SDK. */
export async function rejectedStatus(p: Promise<unknown>): Promise<number> {
  return (await rejects(p)).status;
}
