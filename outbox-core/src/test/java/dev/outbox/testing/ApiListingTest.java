/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.outbox.testing.internal.Secret;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ApiListingTest {

    private static final String FIXTURES = ApiListingTest.class.getCanonicalName() + ".";

    @Test
    void listsPublicAndProtectedDeclarationsWithTheirGenericTypes() {
        List<String> listing = ApiListing.of(List.of(Box.class, Point.class, Level.class, Shape.class, Tag.class,
                Outcome.class, NotPublic.class));

        assertThat(listing).map(line -> line.replace(FIXTURES, "")).containsExactly(
                "public static class Box<T extends java.lang.Comparable<? super T>>"
                        + " implements java.util.function.Supplier<java.util.List<T>>",
                "    protected int size",
                "    public static final java.lang.String NAME",
                "    public Box(T)",
                "    protected static void reset()",
                "    public <R> java.util.Map<java.lang.String, R[]> map(java.util.function.Function<? super T, R>,"
                        + " java.lang.String...) throws java.io.IOException",
                "    public java.util.List<T> get()",
                "",
                "protected abstract static class Box.Base",
                "    protected Base()",
                "    protected abstract void run()",
                "    public final void stop()",
                "",
                "public class Box.Inner",
                "    public Inner(T, int)",
                "    public Inner(java.lang.String)",
                "",
                "public enum Level",
                "    constant HIGH",
                "    constant LOW",
                "    public Level next()",
                "",
                "public sealed interface Outcome permits Outcome.Done, Outcome.Pending",
                "",
                "public record Outcome.Done(java.lang.String id) implements Outcome",
                "    public Done(java.lang.String)",
                "    public java.lang.String id()",
                "",
                "public static final class Outcome.Pending implements Outcome",
                "    public Pending()",
                "",
                "public record Point(int x, java.util.List<java.lang.String> labels)"
                        + " implements java.lang.Comparable<Point>",
                "    public Point(int, java.util.List<java.lang.String>)",
                "    public int compareTo(Point)",
                "    public int x()",
                "    public java.util.List<java.lang.String> labels()",
                "",
                "public interface Shape",
                "    public default java.lang.String describe()",
                "    public double area()",
                "    public static Shape unit()",
                "",
                "public @interface Tag",
                "    public Level level() default Level.LOW",
                "    public java.lang.Class<?> type()",
                "    public java.lang.String[] value() default {}");
    }

    @Test
    void leavesOutTheTypesOfInternalPackages() {
        assertThat(ApiListing.of(List.of(Secret.class))).isEmpty();
        assertThat(ApiListing.of(List.of(Secret.class, Level.class))).isEqualTo(ApiListing.of(List.of(Level.class)));
    }

    /** Package-private members, and the package-private member type, are left out. */
    public static class Box<T extends Comparable<? super T>> implements Supplier<List<T>> {

        public static final String NAME = "box";

        protected int size;

        int packagePrivateField;

        private T value;

        public Box(T value) {
            this.value = value;
        }

        Box() {
        }

        @Override
        public List<T> get() {
            return List.of(value);
        }

        public <R> Map<String, R[]> map(Function<? super T, R> function, String... keys) throws IOException {
            return Map.of();
        }

        protected static void reset() {
        }

        void packagePrivateMethod() {
        }

        /** An inner class: its constructors take the enclosing instance, which is not listed. */
        public class Inner {

            public Inner(String name) {
            }

            public Inner(T value, int count) {
            }
        }

        protected abstract static class Base {

            protected abstract void run();

            public final void stop() {
            }
        }

        static class PackagePrivate {

            public void absent() {
            }
        }
    }

    /** Record components are listed; equals, hashCode and toString, which every record has, are not. */
    public record Point(int x, List<String> labels) implements Comparable<Point> {

        @Override
        public int compareTo(Point other) {
            return Integer.compare(x, other.x);
        }
    }

    /** The constant with a body makes an anonymous subclass, which is not listed, nor are values() and valueOf. */
    public enum Level {
        LOW, HIGH {
            @Override
            public Level next() {
                return LOW;
            }
        };

        public Level next() {
            return HIGH;
        }
    }

    public interface Shape {

        double area();

        default String describe() {
            return "shape";
        }

        static Shape unit() {
            return () -> 1;
        }
    }

    public @interface Tag {

        String[] value() default {};

        Level level() default Level.LOW;

        Class<?> type();
    }

    public sealed interface Outcome permits Outcome.Done, Outcome.Pending {

        record Done(String id) implements Outcome {
        }

        final class Pending implements Outcome {
        }
    }

    /** A type that is not public is left out with all its members. */
    static class NotPublic {

        public void absent() {
        }
    }
}
