package dev.mcpbridge.core.security;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Guards against catastrophic regexes in the whitelist: patterns that do not compile, that repeat a
 * group which itself repeats ((a+)+, (.*)*, (x{2,})+; a fixed count like (x+ ){3} is fine), or use backreferences are refused at config
 * apply; and every match runs over a step-limited input so even a missed case cannot hang the server.
 */
public final class PatternSafety {
    public static final int MAX_PATTERN_LENGTH = 512;
    /** charAt calls allowed per match; a sane anchored match of <= 1000 chars needs far fewer. */
    static final long MAX_MATCH_STEPS = 2_000_000;

    private PatternSafety() {}

    /** Why {@code regex} is refused, or null when it is acceptable. */
    public static String problem(String regex) {
        if (regex == null || regex.isEmpty()) return "empty pattern";
        if (regex.length() > MAX_PATTERN_LENGTH) return "longer than " + MAX_PATTERN_LENGTH + " chars";
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return "does not compile: " + e.getDescription() + " near index " + e.getIndex();
        }
        return nestedQuantifier(regex);
    }

    /** Finds a repeated group that contains a repetition, or a backreference. */
    static String nestedQuantifier(String regex) {
        boolean[] stack = new boolean[regex.length() + 1];
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                if (i + 1 < regex.length() && (Character.isDigit(regex.charAt(i + 1)) || regex.charAt(i + 1) == 'k')) {
                    return "backreferences are not allowed";
                }
                i++;
            } else if (c == '[') {
                i = endOfClass(regex, i);
            } else if (c == '(') {
                stack[++depth] = false;
            } else if (c == ')' && depth > 0) {
                boolean inner = stack[depth--];
                boolean repeated = repeats(regex, i + 1);
                if (inner && repeated) return "nested quantifier (a repeated group that repeats) near index " + i;
                if (depth > 0 && (inner || repeated)) stack[depth] = true;
            } else if (depth > 0 && (c == '*' || c == '+' || c == '{')) {
                stack[depth] = true;
            }
        }
        return null;
    }

    /** True for *, + and {n,} / {n,m}; a fixed count {n} only multiplies the work by n. */
    private static boolean repeats(String regex, int i) {
        if (i >= regex.length()) return false;
        char c = regex.charAt(i);
        if (c != '{') return c == '*' || c == '+';
        int close = regex.indexOf('}', i);
        return close < 0 || regex.substring(i + 1, close).contains(",");
    }

    private static int endOfClass(String regex, int start) {
        int depth = 0;
        for (int i = start; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') i++;
            else if (c == '[') depth++;
            else if (c == ']' && --depth == 0) return i;
        }
        return regex.length();
    }

    /** Full match with a step budget; running out counts as no match (fail closed). */
    public static boolean matches(Pattern pattern, String input) {
        try {
            return pattern.matcher(new StepLimitedChars(input, new long[] {MAX_MATCH_STEPS})).matches();
        } catch (StepBudgetExceeded e) {
            return false;
        }
    }

    private static final class StepBudgetExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StepBudgetExceeded() {
            super("regex step budget exceeded", null, false, false);
        }
    }

    private record StepLimitedChars(String text, long[] budget) implements CharSequence {
        @Override
        public char charAt(int index) {
            if (--budget[0] < 0) throw new StepBudgetExceeded();
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new StepLimitedChars(text.substring(start, end), budget);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
