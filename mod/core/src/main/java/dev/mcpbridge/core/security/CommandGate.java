package dev.mcpbridge.core.security;

import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.spi.CoreLogger;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The mod's last line of defence: a raw command text in, the command to run out, or a refusal.
 * Patterns are compiled once (whole-string match, so anchored); unsafe ones are refused and logged.
 * Order: length (INVALID_ARGS) -> control, format and invisible characters, lone surrogates and
 * unassigned code points -> chaining ({@code ;}, {@code &&}, {@code ||}; vanilla has no chaining,
 * but consoles behind panels/wrappers may) -> NFKC look-alikes (fullwidth letters...) -> the command
 * name -> the patterns -> the command after {@code execute ... run}, at every level. The TypeScript
 * gate (shared/src/command-gate.ts) applies the same rules; shared/vectors/security/command-gate.json
 * holds the cases both must agree on. Refusals show the command escaped ({@link #display}).
 */
public final class CommandGate {
    private static final String[] CHAINING = {";", "&&", "||"};
    /** Longest display of a command in messages and details. */
    public static final int DISPLAY_MAX_CHARS = 120;

    private final List<Pattern> patterns;
    private final Map<String, String> rejected;
    private final int maxLength;

    /** The outcome of {@link #verdict}: allowed (code null) or refused with a code, a kind and why. */
    public record Verdict(String command, ErrorCode code, String kind, String why) {
        public boolean allowed() {
            return code == null;
        }

        /** The command escaped for messages and details. */
        public String display() {
            return CommandGate.display(command);
        }
    }

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
        Verdict v = verdict(raw);
        if (v.allowed()) return v.command();
        JsonObject d = new JsonObject();
        d.addProperty("command", v.display());
        if (v.code() == ErrorCode.INVALID_ARGS) {
            d.addProperty("field", "payload.args.command");
            d.addProperty("reason", "longer than " + maxLength + " chars");
            throw new BridgeException(ErrorCode.INVALID_ARGS, "Command is " + v.command().length()
                    + " chars long; this server allows at most " + maxLength, d);
        }
        boolean patterns = v.kind().equals("not_allowed") || v.kind().equals("nested_not_allowed");
        throw new BridgeException(ErrorCode.PERMISSION_DENIED, "Command '" + v.display() + "' is refused: " + v.why()
                + (patterns ? ". Ask the server owner to allow it in the mod's allowed command patterns." : "."), d);
    }

    /** The verdict on a raw command (one leading '/' is dropped first); never throws. */
    public Verdict verdict(String raw) {
        String command = raw.startsWith("/") ? raw.substring(1) : raw;
        if (command.length() > maxLength) {
            return new Verdict(command, ErrorCode.INVALID_ARGS, "too_long",
                    "it is " + command.length() + " chars long; at most " + maxLength + " are allowed");
        }
        String[] refusal = refusal(command);
        if (refusal != null) return new Verdict(command, ErrorCode.PERMISSION_DENIED, refusal[0], refusal[1]);
        if (!allowed(command)) {
            return new Verdict(command, ErrorCode.PERMISSION_DENIED, "not_allowed", "it is not in the allowed command patterns");
        }
        for (String nested = runPart(command); nested != null; nested = runPart(nested)) {
            if (refusal(nested) != null || !allowed(nested)) {
                return new Verdict(command, ErrorCode.PERMISSION_DENIED, "nested_not_allowed",
                        "the command after 'run' ('" + display(nested) + "') is not allowed");
            }
        }
        return new Verdict(command, null, null, null);
    }

    public boolean allowed(String command) {
        for (Pattern p : patterns) {
            if (PatternSafety.matches(p, command)) return true;
        }
        return false;
    }

    /** The command after the first " run " of an {@code execute} command, or null. */
    private static String runPart(String command) {
        if (!command.startsWith("execute ")) return null;
        int run = command.indexOf(" run ");
        return run < 0 ? null : command.substring(run + 5);
    }

    /** {kind, why} of a refusal whatever the patterns say, or null. */
    private static String[] refusal(String command) {
        if (command.isEmpty()) return new String[] {"empty", "it is empty"};
        boolean ascii = true;
        for (int i = 0; i < command.length(); ) {
            int cp = command.codePointAt(i); // a lone surrogate comes back as itself
            i += Character.charCount(cp);
            if (cp >= 0x20 && cp < 0x7f) continue; // printable ASCII: none of the checks below can apply
            ascii = false;
            int type = Character.getType(cp);
            if (Character.isISOControl(cp) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE
                    || type == Character.UNASSIGNED) {
                return new String[] {"control_character",
                        String.format("it contains the control or invisible character U+%04X", cp)};
            }
        }
        for (String chain : CHAINING) {
            if (command.contains(chain)) {
                return new String[] {"chaining", "it contains '" + chain + "', which could chain a second command"};
            }
        }
        if (!ascii && !Normalizer.isNormalized(command, Normalizer.Form.NFKC)) { // ASCII text is always NFKC
            return new String[] {"lookalike", "it contains look-alike characters (e.g. fullwidth letters); use plain text"};
        }
        int space = command.indexOf(' ');
        String problem = nameProblem(space < 0 ? command : command.substring(0, space));
        return problem == null ? null : new String[] {"command_name", problem};
    }

    /** Why the command's first word is not a command name, said so the caller can fix it; or null. */
    static String nameProblem(String name) {
        if (name.isEmpty()) return "it starts with a space; put the command name first (remove the leading space)";
        if (plainName(name)) return null;
        String lower = name.toLowerCase(Locale.ROOT);
        if (plainName(lower)) {
            return "the command name '" + name + "' has uppercase letters; command names are lowercase ('" + lower + "')";
        }
        return "the command name '" + display(name) + "' is not a plain ASCII name (letters a-z, digits, _ . : -)";
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

    /**
     * How a command is shown in refusals and logs: printable ASCII as is (a backslash doubled), every
     * other UTF-16 unit as {@code \}{@code uXXXX} (lowercase hex), at most 120 characters: a longer
     * display keeps whole escapes up to 117 characters and ends in "...".
     */
    public static String display(String text) {
        List<String> pieces = new ArrayList<>(text.length());
        int total = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String piece = c == '\\' ? "\\\\" : c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c);
            pieces.add(piece);
            total += piece.length();
        }
        if (total <= DISPLAY_MAX_CHARS) return String.join("", pieces);
        StringBuilder out = new StringBuilder();
        for (String piece : pieces) {
            if (out.length() + piece.length() > DISPLAY_MAX_CHARS - 3) break;
            out.append(piece);
        }
        return out.append("...").toString();
    }
}
