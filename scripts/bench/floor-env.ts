/** Environment of the benchmark's reference servers (floor-server.ts, floor-worker.ts). */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}
