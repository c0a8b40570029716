/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.outbox.testing.internal.Secret;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

class InternalTypeExposureTest {

    private static final String FIXTURES = InternalTypeExposureTest.class.getCanonicalName() + ".";

    private static final String SECRET = Secret.class.getName();

    static Stream<Arguments> exposingDeclarations() {
        return Stream.of(
                Arguments.of(Extending.class, "public static class Extending extends " + SECRET, SECRET),
                Arguments.of(Implementing.class, "public static class Implementing implements " + SECRET
                        + ".Contract", SECRET + ".Contract"),
                Arguments.of(Bounded.class, "public static class Bounded<T extends " + SECRET + ">", SECRET),
                Arguments.of(Field.class, "public " + SECRET + " secret", SECRET),
                Arguments.of(Parameter.class, "public void take(" + SECRET + ")", SECRET),
                Arguments.of(Result.class, "protected " + SECRET + " give()", SECRET),
                Arguments.of(Thrown.class, "public void fail() throws " + SECRET + ".Failure", SECRET + ".Failure"),
                Arguments.of(GenericArgument.class, "public java.util.List<" + SECRET + "> all()", SECRET),
                Arguments.of(Wildcard.class, "public void each(java.util.function.Consumer<? super " + SECRET
                        + ">)", SECRET),
                Arguments.of(Array.class, "public " + SECRET + "[] array()", SECRET),
                Arguments.of(MethodTypeParameter.class, "public <T extends " + SECRET + "> T pick()", SECRET),
                Arguments.of(Constructor.class, "public Constructor(" + SECRET + ")", SECRET),
                Arguments.of(MemberType.class, "public " + SECRET + " secret()", SECRET));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("exposingDeclarations")
    void findsAnInternalTypeInAnyPublicOrProtectedSignature(Class<?> fixture, String declaration, String exposed) {
        assertThat(InternalTypeExposure.of(List.of(fixture)))
                .map(line -> line.replace(FIXTURES, ""))
                .singleElement().asString()
                .endsWith(declaration + " exposes " + exposed);
    }

    @Test
    void findsARecordComponentInTheRecordItsConstructorAndItsAccessor() {
        assertThat(InternalTypeExposure.of(List.of(Component.class))).map(line -> line.replace(FIXTURES, ""))
                .containsExactly(
                        "Component: public Component(" + SECRET + ") exposes " + SECRET,
                        "Component: public " + SECRET + " secret() exposes " + SECRET,
                        "Component: public record Component(" + SECRET + " secret) exposes " + SECRET);
    }

    @Test
    void ignoresPrivateAndPackagePrivateDeclarationsAndTheInternalTypesThemselves() {
        assertThat(InternalTypeExposure.of(List.of(Hiding.class, NotPublic.class, Secret.class))).isEmpty();
    }

    public static class Extending extends Secret {
    }

    public static class Implementing implements Secret.Contract {
    }

    public static class Bounded<T extends Secret> {
    }

    public static class Field {

        public Secret secret = new Secret();
    }

    public static class Parameter {

        public void take(Secret secret) {
        }
    }

    public static class Result {

        protected Secret give() {
            return new Secret();
        }
    }

    public static class Thrown {

        public void fail() throws Secret.Failure {
        }
    }

    public static class GenericArgument {

        public List<Secret> all() {
            return List.of();
        }
    }

    public static class Wildcard {

        public void each(Consumer<? super Secret> action) {
        }
    }

    public static class Array {

        public Secret[] array() {
            return new Secret[0];
        }
    }

    public static class MethodTypeParameter {

        public <T extends Secret> T pick() {
            return null;
        }
    }

    public static class Constructor {

        public Constructor(Secret secret) {
        }
    }

    public static class MemberType {

        public static class Member {

            public Secret secret() {
                return new Secret();
            }
        }
    }

    public record Component(Secret secret) {
    }

    /** Keeps its internal types to itself. */
    public static class Hiding {

        private Secret secret = new Secret();

        Hiding(Secret secret) {
        }

        Secret give() {
            return this.secret;
        }

        private void take(Secret secret) {
        }

        static class Nested extends Secret {
        }
    }

    static class NotPublic extends Secret {
    }
}
