// Stub (signatures only, no logic) of NeoForge 21.1.x/21.3.x (neoforged/NeoForge branches 1.21.1 and 1.21.x); see mod/neoforge/API-NOTES.md.
package net.neoforged.neoforge.common;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import net.neoforged.fml.config.IConfigSpec;

/** The String-path overloads of the Builder (all of them, so overload choice is checked as in NeoForge). */
public class ModConfigSpec implements IConfigSpec {
    private ModConfigSpec() { throw new UnsupportedOperationException(); }

    public static class Builder {
        public Builder() { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<T> define(String path, T defaultValue) { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<T> define(String path, T defaultValue, Predicate<Object> validator) { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<T> define(String path, Supplier<T> defaultSupplier, Predicate<Object> validator) { throw new UnsupportedOperationException(); }

        public BooleanValue define(String path, boolean defaultValue) { throw new UnsupportedOperationException(); }

        public BooleanValue define(String path, Supplier<Boolean> defaultSupplier) { throw new UnsupportedOperationException(); }

        public <V extends Comparable<? super V>> ConfigValue<V> defineInRange(String path, V defaultValue, V min, V max, Class<V> clazz) { throw new UnsupportedOperationException(); }

        public IntValue defineInRange(String path, int defaultValue, int min, int max) { throw new UnsupportedOperationException(); }

        public IntValue defineInRange(String path, Supplier<Integer> defaultSupplier, int min, int max) { throw new UnsupportedOperationException(); }

        public LongValue defineInRange(String path, long defaultValue, long min, long max) { throw new UnsupportedOperationException(); }

        public LongValue defineInRange(String path, Supplier<Long> defaultSupplier, long min, long max) { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<List<? extends T>> defineListAllowEmpty(String path, List<? extends T> defaultValue, Predicate<Object> elementValidator) { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<List<? extends T>> defineListAllowEmpty(String path, List<? extends T> defaultValue, Supplier<T> newElementSupplier, Predicate<Object> elementValidator) { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<List<? extends T>> defineListAllowEmpty(String path, Supplier<List<? extends T>> defaultSupplier, Predicate<Object> elementValidator) { throw new UnsupportedOperationException(); }

        public <T> ConfigValue<List<? extends T>> defineListAllowEmpty(String path, Supplier<List<? extends T>> defaultSupplier, Supplier<T> newElementSupplier, Predicate<Object> elementValidator) { throw new UnsupportedOperationException(); }

        public Builder comment(String comment) { throw new UnsupportedOperationException(); }

        public Builder comment(String... comment) { throw new UnsupportedOperationException(); }

        public Builder push(String path) { throw new UnsupportedOperationException(); }

        public Builder pop() { throw new UnsupportedOperationException(); }

        public ModConfigSpec build() { throw new UnsupportedOperationException(); }
    }

    public static class ConfigValue<T> implements Supplier<T> {
        ConfigValue() { throw new UnsupportedOperationException(); }

        @Override
        public T get() { throw new UnsupportedOperationException(); }
    }

    public static class BooleanValue extends ConfigValue<Boolean> implements BooleanSupplier {
        private BooleanValue() { throw new UnsupportedOperationException(); }

        @Override
        public boolean getAsBoolean() { throw new UnsupportedOperationException(); }
    }

    public static class IntValue extends ConfigValue<Integer> implements IntSupplier {
        private IntValue() { throw new UnsupportedOperationException(); }

        @Override
        public int getAsInt() { throw new UnsupportedOperationException(); }
    }

    public static class LongValue extends ConfigValue<Long> implements LongSupplier {
        private LongValue() { throw new UnsupportedOperationException(); }

        @Override
        public long getAsLong() { throw new UnsupportedOperationException(); }
    }
}
