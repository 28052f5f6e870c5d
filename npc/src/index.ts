/** LLM-driven NPCs: definitions, reply parser, LLM backends and the service. */
export * from "./definitions/command-patterns.js";
export * from "./definitions/schema.js";
export * from "./definitions/store.js";
export * from "./llm/backend.js";
export * from "./llm/ollama.js";
export * from "./llm/openai.js";
export * from "./parser/tag-parser.js";
export * from "./world/minecraft-commands.js";
