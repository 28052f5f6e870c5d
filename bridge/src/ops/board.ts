/** Bull Board for every command queue, mounted under /board behind its own Basic credentials. */
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import type { Queue } from "bullmq";
import type { Express } from "express";
import { type BasicCredentials, basicAuth } from "./basic-auth.js";

const BOARD_PATH = "/board";

export interface BoardOptions extends BasicCredentials {
  /** Hides retry, clean, promote and remove actions. */
  readOnly: boolean;
}

export function mountBoard(app: Express, queues: readonly Queue[], options: BoardOptions): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q, { readOnlyMode: options.readOnly })),
    serverAdapter,
  });
  app.use(BOARD_PATH, basicAuth(options, "bull-board"), serverAdapter.getRouter());
}
