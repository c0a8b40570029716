/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.lang.reflect.Executable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Finds the places where the public API shows a type of an internal package: an application that
 * used such a signature would depend on what may change in any release. Every declaration that
 * {@link ApiListing} lists is searched, with all the types it names: supertypes, permitted subtypes,
 * type parameter bounds, record components, fields, and the parameters, results and exceptions of
 * constructors and methods, generic arguments included.
 */
public final class InternalTypeExposure {

    private InternalTypeExposure() {
    }

    /**
     * @param topLevelTypes the top-level types of a module
     * @return one line per exposing declaration, sorted: the API type, the declaration, and the internal
     * types it names; empty when the API names none
     */
    public static List<String> of(Collection<Class<?>> topLevelTypes) {
        List<String> exposures = new ArrayList<>();
        topLevelTypes.stream()
                .filter(ApiListing::isApi)
                .forEach(type -> addExposures(type, exposures));
        exposures.sort(null);
        return exposures;
    }

    private static void addExposures(Class<?> type, List<String> exposures) {
        String owner = type.getCanonicalName();
        report(owner, ApiSignature.type(type), typesNamedBy(type), exposures);
        Arrays.stream(type.getDeclaredFields())
                .filter(ApiListing::isApiMember)
                .forEach(field -> report(owner, ApiSignature.field(field), List.of(field.getGenericType()),
                        exposures));
        Arrays.stream(type.getDeclaredConstructors())
                .filter(ApiListing::isApiMember)
                .forEach(constructor -> report(owner, ApiSignature.constructor(constructor),
                        typesNamedBy(constructor), exposures));
        Arrays.stream(type.getDeclaredMethods())
                .filter(method -> ApiListing.isApiMember(method) && !method.isBridge())
                .forEach(method -> report(owner, ApiSignature.method(method), typesNamedBy(method), exposures));
        Arrays.stream(type.getDeclaredClasses())
                .filter(ApiListing::visible)
                .forEach(memberType -> addExposures(memberType, exposures));
    }

    private static List<Type> typesNamedBy(Class<?> type) {
        List<Type> named = new ArrayList<>(List.of(type.getTypeParameters()));
        if (type.getGenericSuperclass() != null) {
            named.add(type.getGenericSuperclass());
        }
        named.addAll(List.of(type.getGenericInterfaces()));
        if (type.isRecord()) {
            Arrays.stream(type.getRecordComponents()).map(RecordComponent::getGenericType).forEach(named::add);
        }
        if (type.isSealed()) {
            named.addAll(List.of(type.getPermittedSubclasses()));
        }
        return named;
    }

    private static List<Type> typesNamedBy(Executable executable) {
        List<Type> named = new ArrayList<>(List.of(executable.getTypeParameters()));
        named.addAll(List.of(executable.getGenericParameterTypes()));
        named.addAll(List.of(executable.getGenericExceptionTypes()));
        if (executable instanceof Method method) {
            named.add(method.getGenericReturnType());
        }
        return named;
    }

    private static void report(String owner, String declaration, List<Type> named, List<String> exposures) {
        Set<String> internal = new TreeSet<>();
        Set<TypeVariable<?>> visited = new HashSet<>();
        named.forEach(type -> collectInternal(type, internal, visited));
        if (!internal.isEmpty()) {
            exposures.add(owner + ": " + declaration + " exposes " + String.join(", ", internal));
        }
    }

    private static void collectInternal(Type type, Set<String> internal, Set<TypeVariable<?>> visited) {
        if (type instanceof Class<?> c) {
            if (c.isArray()) {
                collectInternal(c.getComponentType(), internal, visited);
            }
            else if (ApiListing.isInternal(c)) {
                internal.add(Objects.requireNonNullElse(c.getCanonicalName(), c.getName()));
            }
        }
        else if (type instanceof ParameterizedType p) {
            Stream.concat(Stream.of(p.getRawType(), p.getOwnerType()), Arrays.stream(p.getActualTypeArguments()))
                    .filter(Objects::nonNull)
                    .forEach(part -> collectInternal(part, internal, visited));
        }
        else if (type instanceof GenericArrayType array) {
            collectInternal(array.getGenericComponentType(), internal, visited);
        }
        else if (type instanceof WildcardType wildcard) {
            Stream.concat(Arrays.stream(wildcard.getUpperBounds()), Arrays.stream(wildcard.getLowerBounds()))
                    .forEach(bound -> collectInternal(bound, internal, visited));
        }
        else if (type instanceof TypeVariable<?> variable && visited.add(variable)) {
            Arrays.stream(variable.getBounds()).forEach(bound -> collectInternal(bound, internal, visited));
        }
    }
}
