package dev.mcpbridge.devserver.rcon;

/** Runs one console command for RCON and returns what it printed (vanilla DedicatedServer#runCommand). */
@FunctionalInterface
public interface CommandRunner {
    String runCommand(String command);
}
