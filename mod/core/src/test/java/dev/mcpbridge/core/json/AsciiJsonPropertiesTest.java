package dev.mcpbridge.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.internal.LazilyParsedNumber;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The one-pass writer gives exactly what Gson's writer followed by the non-ASCII escaping gives. */
class AsciiJsonPropertiesTest {
    private static final com.google.gson.Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

    @Property(tries = 500)
    void sameTextAsGsonThenEscaping(@ForAll("values") JsonElement value) {
        assertEquals(outcome(() -> AsciiJson.escapeNonAscii(GSON.toJson(value))), outcome(() -> AsciiJson.write(value)));
    }

    /** The text, or the exception Gson refuses a malformed number with. */
    private static String outcome(Supplier<String> write) {
        try {
            return write.get();
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }

    @Provide
    Arbitrary<JsonElement> values() {
        return nested(3);
    }

    private Arbitrary<JsonElement> nested(int depth) {
        if (depth == 0) return primitives();
        Arbitrary<JsonElement> inner = nested(depth - 1);
        return Arbitraries.oneOf(primitives(), inner.list().ofMaxSize(4).map(AsciiJsonPropertiesTest::array),
                Arbitraries.maps(strings(), inner).ofMaxSize(4).map(m -> {
                    JsonObject o = new JsonObject();
                    m.forEach(o::add);
                    return o;
                }));
    }

    private Arbitrary<JsonElement> primitives() {
        Arbitrary<Number> numbers = Arbitraries.oneOf(Arbitraries.integers().map(i -> i),
                Arbitraries.longs().map(l -> l), Arbitraries.doubles().map(d -> d),
                Arbitraries.of(Double.NaN, Double.NEGATIVE_INFINITY, 1e300, -0.0, 0.5f, (short) 7, (byte) -3,
                        new BigDecimal("1.50"), new BigInteger("123456789012345678901234567890"), new AtomicLong(42)),
                Arbitraries.of("12", "-0.5e-3", "1.0E10", "NaN", "Infinity", "01", "1.", "+1").map(LazilyParsedNumber::new));
        return Arbitraries.oneOf(strings().map(JsonPrimitive::new), numbers.map(JsonPrimitive::new),
                Arbitraries.of(true, false).map(JsonPrimitive::new), Arbitraries.just(JsonNull.INSTANCE));
    }

    private static Arbitrary<String> strings() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12),
                Arbitraries.strings().withChars("\"\\\t\b\n\r\f\u0000\u001f\u007f\u0080\u2028\u2029\ud83d\ude00<>&='a")
                        .ofMaxLength(12));
    }

    private static JsonArray array(List<JsonElement> items) {
        JsonArray a = new JsonArray();
        items.forEach(a::add);
        return a;
    }
}
