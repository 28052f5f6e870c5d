/** Child processes for end-to-end tests: shared with the other packages' e2e tests. */
export * from "../../../../shared/testing/processes.js";
