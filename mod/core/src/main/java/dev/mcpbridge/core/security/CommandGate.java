package dev.mcpbridge.core.security;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.spi.CoreLogger;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.regex.Pattern;

/**
 * The mod's last line of defence: a raw command text in, the command to run out, or a refusal.
 * Patterns are compiled once (whole-string match, so anchored); unsafe ones are refused and logged.
 * A command is refused when it is too long, contains control/format characters or compatibility
 * look-alikes (fullwidth letters...), chains a second command ({@code ;}, {@code &&}, {@code ||},
 * a newline; vanilla has no chaining, but consoles behind panels/wrappers may), has a non-ASCII
 * command name, or matches no pattern. For {@code execute ... run <cmd>} the nested command must
 * pass too.
 */
public final class CommandGate {
    private static final String[] CHAINING = {";", "&&", "||"};

    private final List<Pattern> patterns;
    private final Map<String, String> rejected;
    private final int maxLength;

    public CommandGate(List<String> allowed, int maxLength, CoreLogger log) {
        this.maxLength = maxLength;
        List<Pattern> ok = new ArrayList<>();
        Map<String, String> bad = new LinkedHashMap<>();
        for (String regex : allowed) {
            String problem = PatternSafety.problem(regex);
            if (problem == null) {
                ok.add(Pattern.compile(regex));
            } else {
                bad.put(regex, problem);
                log.error("Refusing allowed-command pattern '" + regex + "': " + problem
                        + " (commands it was meant to allow stay forbidden)", new IllegalArgumentException(problem));
            }
        }
        this.patterns = List.copyOf(ok);
        this.rejected = Map.copyOf(bad);
    }

    /** Patterns refused at construction, with the reason. */
    public Map<String, String> rejectedPatterns() {
        return rejected;
    }

    /** Returns the command to run (a leading '/' removed) or throws PERMISSION_DENIED / INVALID_ARGS. */
    public String check(String raw) {
        String command = raw.startsWith("/") ? raw.substring(1) : raw;
        if (command.length() > maxLength) {
            JsonObject d = details(shorten(command));
            d.addProperty("field", "payload.args.command");
            d.addProperty("reason", "longer than " + maxLength + " chars");
            throw new BridgeException(ErrorCode.INVALID_ARGS, "Command is " + command.length()
                    + " chars long; this server allows at most " + maxLength, d);
        }
        String refusal = refusal(command);
        if (refusal != null) throw denied(command, refusal);
        if (!allowed(command)) throw denied(command, "it is not in the allowed command patterns");
        int run = command.startsWith("execute ") ? command.indexOf(" run ") : -1;
        if (run >= 0) {
            String nested = command.substring(run + 5);
            if (refusal(nested) != null || !allowed(nested)) {
                throw denied(command, "the command after 'run' ('" + shorten(nested) + "') is not allowed");
            }
        }
        return command;
    }

    public boolean allowed(String command) {
        for (Pattern p : patterns) {
            if (PatternSafety.matches(p, command)) return true;
        }
        return false;
    }

    private static String refusal(String command) {
        if (command.isEmpty()) return "it is empty";
        boolean ascii = true;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c >= 0x20 && c < 0x7f) continue; // printable ASCII: none of the checks below can apply
            ascii = false;
            int type = Character.getType(c);
            if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE && !validSurrogate(command, i)) {
                return String.format("it contains the control or invisible character U+%04X", (int) c);
            }
        }
        for (String chain : CHAINING) {
            if (command.contains(chain)) return "it contains '" + chain + "', which could chain a second command";
        }
        if (!ascii && !Normalizer.isNormalized(command, Normalizer.Form.NFKC)) { // ASCII text is always NFKC
            return "it contains look-alike characters (e.g. fullwidth letters); use plain text";
        }
        int space = command.indexOf(' ');
        String name = space < 0 ? command : command.substring(0, space);
        return nameProblem(name);
    }

    /** Why the command's first word is not a command name, said so the caller can fix it; or null. */
    static String nameProblem(String name) {
        if (name.isEmpty()) return "it starts with a space; put the command name first (remove the leading space)";
        if (plainName(name)) return null;
        String lower = name.toLowerCase(Locale.ROOT);
        if (plainName(lower)) {
            return "the command name '" + name + "' has uppercase letters; command names are lowercase ('" + lower + "')";
        }
        return "the command name '" + name + "' is not a plain ASCII name (letters a-z, digits, _ . : -)";
    }

    /** {@code [a-z0-9_.:-]+} */
    private static boolean plainName(String name) {
        if (name.isEmpty()) return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == ':' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static boolean validSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    private static BridgeException denied(String command, String why) {
        return new BridgeException(ErrorCode.PERMISSION_DENIED, "Command '" + shorten(command) + "' is refused: " + why
                + ". Ask the server owner to allow it in the mod's allowed command patterns.", details(shorten(command)));
    }

    private static JsonObject details(String command) {
        JsonObject d = new JsonObject();
        d.addProperty("command", command);
        return d;
    }

    private static String shorten(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
