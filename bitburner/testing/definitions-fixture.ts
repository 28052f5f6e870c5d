/** Test support: a NetscriptDefinitions.d.ts look-alike of about 300 KB with many declarations. */
export function netscriptDefinitions(targetBytes = 300_000): string {
  const parts: string[] = ["/** All netscript definitions */", ""];
  let i = 0;
  let size = 0;
  while (size < targetBytes) {
    const name = i === 0 ? "NS" : `Api${i}`;
    const lines = [
      `/**`,
      ` * ${name}: the interface number ${i}.`,
      ` * @public`,
      ` */`,
      `${i % 3 === 0 ? "export " : ""}interface ${name} {`,
      ...Array.from(
        { length: 40 },
        (_, j) =>
          `  /** member ${j} of ${name}. RAM cost: ${j / 10} GB */\n  method${j}(arg: string): number;`,
      ),
      `}`,
      ``,
      `type Alias${i} = ${name} | null;`,
      ``,
    ];
    const block = lines.join("\n");
    parts.push(block);
    size += block.length;
    i++;
  }
  parts.push("declare const hackAnalyzeMarker: unique symbol;", "");
  return parts.join("\n");
}
