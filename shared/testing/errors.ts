/** Test support: the BridgeError a promise rejects with (the test fails if it resolves or throws anything else). */
import { afterAll, afterEach, expect } from "vitest";
import { BridgeError } from "../src/errors.js";

export async function bridgeErrorOf(promise: Promise<unknown>): Promise<BridgeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}

/**
 * The rejections nobody handled while each test of the file ran (Node's default ends the process on
 * one), collected from the call on: call it in a describe block, expect the list empty.
 */
export function unhandledRejections(): unknown[] {
  const seen: unknown[] = [];
  const collect = (reason: unknown) => seen.push(reason);
  process.on("unhandledRejection", collect);
  afterEach(() => {
    seen.length = 0;
  });
  afterAll(() => {
    process.off("unhandledRejection", collect);
  });
  return seen;
}
