/**
 * Test support: the servers the devserver can imitate (mod/devserver --mc-version / --flavour), for
 * suites that run against each. The first is the devserver's default.
 */
export interface DevserverFlavour {
  /** For test names: "paper-essentials 1.21.11". */
  name: string;
  /** Arguments for the devserver (DevserverOptions.extraArgs). */
  args: string[];
  /** The version name its status ping reports. */
  statusName: string;
}

function flavour(version: string, kind: "vanilla" | "paper" | "paper-essentials"): DevserverFlavour {
  return {
    name: `${kind} ${version}`,
    args: ["--mc-version", version, "--flavour", kind],
    statusName: kind === "vanilla" ? version : `Paper ${version}`,
  };
}

export const DEVSERVER_FLAVOURS: readonly DevserverFlavour[] = [
  flavour("1.21.1", "vanilla"),
  flavour("1.21.1", "paper-essentials"),
  flavour("1.21.11", "vanilla"),
  flavour("1.21.11", "paper"),
  flavour("1.21.11", "paper-essentials"),
  flavour("26.1", "vanilla"),
  flavour("26.1", "paper-essentials"),
];

/**
 * A covering subset for the slower end-to-end suites (a whole stack per entry, about 4-7 s each):
 * every version and every flavour at least once, the default first.
 */
export const E2E_FLAVOURS: readonly DevserverFlavour[] = DEVSERVER_FLAVOURS.filter((f) =>
  [
    "vanilla 1.21.1",
    "paper 1.21.11",
    "paper-essentials 1.21.11",
    "paper-essentials 26.1",
    "vanilla 26.1",
  ].includes(f.name),
);
