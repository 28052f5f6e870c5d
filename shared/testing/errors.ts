/** Test support: the BridgeError a promise rejects with (the test fails if it resolves or throws anything else). */
import { expect } from "vitest";
import { BridgeError } from "../src/errors.js";

export async function bridgeErrorOf(promise: Promise<unknown>): Promise<BridgeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}
