/**
 * The SDK's Server builds an Ajv instance in its constructor (to check answers to elicitation
 * requests): most of the CPU and much of the memory of a new McpServer, paid by every HTTP session
 * that never elicits. This validator builds it at the first use instead. Not shared across servers:
 * Ajv keeps every schema object it compiled, so one per server bounds that to the server's life.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

export function lazyJsonSchemaValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator(schema) {
      ajv ??= new AjvJsonSchemaValidator();
      return ajv.getValidator(schema);
    },
  };
}
