/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The public API of a set of types as text: every public type outside the internal packages, every
 * public or protected member type of those, and their public and protected constructors, methods and
 * fields. Each type is a line,
 * followed by its members indented, one a line: enum constants, then fields, constructors and
 * methods. Types are sorted by name and members by their text, so the listing depends on nothing but
 * the declarations; a blank line separates types.
 *
 * <p>Members a compiler generates (synthetic and bridge methods) are left out, and so are the methods
 * that every enum has ({@code values()}, {@code valueOf(String)}) and every record has
 * ({@code equals}, {@code hashCode}, {@code toString}), whether written or generated: they say nothing
 * about the type. Only declared members are listed: what a type inherits shows through the supertypes
 * on its line.
 */
public final class ApiListing {

    private static final String INDENT = "    ";

    private ApiListing() {
    }

    /**
     * @param topLevelTypes the top-level types of a module; those that are not public, or belong to an
     * internal package, are left out
     * @return the listing, one line per type or member
     */
    public static List<String> of(Collection<Class<?>> topLevelTypes) {
        Map<String, List<String>> typesByName = new TreeMap<>();
        topLevelTypes.stream()
                .filter(ApiListing::isApi)
                .forEach(type -> addWithMemberTypes(type, typesByName));
        List<String> lines = new ArrayList<>();
        for (List<String> type : typesByName.values()) {
            if (!lines.isEmpty()) {
                lines.add("");
            }
            lines.addAll(type);
        }
        return lines;
    }

    private static void addWithMemberTypes(Class<?> type, Map<String, List<String>> typesByName) {
        List<String> members = new ArrayList<>();
        members.addAll(listed(Arrays.stream(type.getDeclaredFields()).filter(Field::isEnumConstant),
                ApiSignature::field));
        members.addAll(listed(Arrays.stream(type.getDeclaredFields()).filter(field -> !field.isEnumConstant()),
                ApiSignature::field));
        members.addAll(listed(Arrays.stream(type.getDeclaredConstructors()), ApiSignature::constructor));
        members.addAll(listed(Arrays.stream(type.getDeclaredMethods())
                .filter(method -> !method.isBridge() && !everyOneHasIt(method)), ApiSignature::method));
        List<String> lines = new ArrayList<>();
        lines.add(ApiSignature.type(type));
        members.forEach(member -> lines.add(INDENT + member));
        typesByName.put(type.getCanonicalName(), lines);
        Arrays.stream(type.getDeclaredClasses())
                .filter(ApiListing::visible)
                .forEach(memberType -> addWithMemberTypes(memberType, typesByName));
    }

    private static <M extends Member> List<String> listed(Stream<M> members, Function<M, String> text) {
        return members
                .filter(ApiListing::isApiMember)
                .map(text)
                .sorted()
                .toList();
    }

    private static boolean everyOneHasIt(Method method) {
        String name = method.getName();
        List<Class<?>> parameters = List.of(method.getParameterTypes());
        if (method.getDeclaringClass().isEnum()) {
            return name.equals("values") && parameters.isEmpty()
                    || name.equals("valueOf") && parameters.equals(List.of(String.class));
        }
        if (method.getDeclaringClass().isRecord()) {
            return name.equals("equals") && parameters.equals(List.of(Object.class))
                    || (name.equals("hashCode") || name.equals("toString")) && parameters.isEmpty();
        }
        return false;
    }

    /**
     * @param topLevelType a top-level type
     * @return whether it is public and outside the internal packages, which are not API
     */
    static boolean isApi(Class<?> topLevelType) {
        return visible(topLevelType) && !isInternal(topLevelType);
    }

    /**
     * @param member a member of an API type
     * @return whether it is public or protected and written in the source, not made by the compiler
     */
    static boolean isApiMember(Member member) {
        return !member.isSynthetic() && visible(member.getModifiers());
    }

    /**
     * @param type a type
     * @return whether it belongs to an internal package: one with a segment named {@code internal}
     */
    static boolean isInternal(Class<?> type) {
        return ("." + type.getPackageName() + ".").contains(".internal.");
    }

    /**
     * @param type a type
     * @return whether it is public or protected
     */
    static boolean visible(Class<?> type) {
        return visible(type.getModifiers());
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }
}
