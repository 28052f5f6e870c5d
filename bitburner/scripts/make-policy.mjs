// Writes a policy file with one client 'agent' (role 'editor': every tool, writes up to 1 MB) and a
// read-only role, and the client's fresh bearer token to a second file (mode 600).
// Usage: node make-policy.mjs <policy.json> <token-file>
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";

const [policyFile, tokenFile] = process.argv.slice(2);
if (!policyFile || !tokenFile) throw new Error("usage: make-policy.mjs <policy.json> <token-file>");
const token = randomBytes(24).toString("base64url");
const policy = {
  roles: {
    editor: { tools: ["*"], maxWriteBytes: 1_000_000 },
    reader: { tools: ["list_*", "read_file", "get_*", "calculate_ram"] },
  },
  clients: [{ id: "agent", role: "editor", tokenSha256: createHash("sha256").update(token).digest("hex") }],
};
writeFileSync(policyFile, `${JSON.stringify(policy, null, 2)}\n`, { mode: 0o600 });
writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
