package dev.mcpbridge.devserver.rcon;

/**
 * The ONE output buffer every RCON connection shares, as vanilla's RconConsoleSource: a command
 * clears it, runs on the main thread, and the connection then takes whatever the buffer holds. Two
 * connections running commands at the same time can therefore see each other's output, exactly as
 * on a real server. Messages are appended without separators (vanilla appends component text only).
 */
public final class ConsoleOutput {
    private final StringBuffer buffer = new StringBuffer();

    public void prepareForCommand() {
        buffer.setLength(0);
    }

    public void append(String text) {
        buffer.append(text);
    }

    public String commandResponse() {
        return buffer.toString();
    }
}
