/** HTTP Basic authentication for the ops pages (Bull Board), compared in constant time. */
import type { NextFunction, Request, Response } from "express";
import { secretsEqual } from "../events/auth.js";

export interface BasicCredentials {
  user: string;
  password: string;
}

/** user and password of an `Authorization: Basic ...` header, or undefined. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  const match = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function basicAuth(expected: BasicCredentials, realm: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = parseBasicAuth(req.headers.authorization);
    // Both comparisons always run, so timing does not tell whether the user name was right.
    const userOk = secretsEqual(given?.user, expected.user);
    const passwordOk = secretsEqual(given?.password, expected.password);
    if (given && userOk && passwordOk) return next();
    res
      .status(401)
      .set("WWW-Authenticate", `Basic realm="${realm}", charset="UTF-8"`)
      .json({ error: { code: "AUTH_FAILED", message: "Bull Board needs the configured user and password" } });
  };
}
