/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Writes one declaration, read by reflection, as a line of Java-like text with fully qualified
 * type names. The text is built here from the reflected parts, not taken from the JDK's
 * {@code toGenericString()}, so that it reads the same on every JDK.
 */
final class ApiSignature {

    private ApiSignature() {
    }

    /**
     * @param type a class, interface, enum, record or annotation
     * @return its modifiers, kind, name, type parameters, record components, supertypes and, when
     *         sealed, the types it permits
     */
    static String type(Class<?> type) {
        List<String> words = new ArrayList<>();
        words.add(visibility(type.getModifiers()));
        String kind = kind(type);
        if (kind.equals("class")) {
            if (Modifier.isAbstract(type.getModifiers())) {
                words.add("abstract");
            }
            if (type.isMemberClass() && Modifier.isStatic(type.getModifiers())) {
                words.add("static");
            }
            if (Modifier.isFinal(type.getModifiers())) {
                words.add("final");
            }
        }
        // An enum whose constants have bodies is implicitly sealed; only a written "sealed" is shown.
        if ((kind.equals("class") || kind.equals("interface")) && type.isSealed()) {
            words.add("sealed");
        }
        words.add(kind);
        StringBuilder text = new StringBuilder(String.join(" ", words))
                .append(' ').append(type.getCanonicalName()).append(typeParameters(type.getTypeParameters(), ""));
        if (type.isRecord()) {
            text.append(Arrays.stream(type.getRecordComponents())
                    .map(ApiSignature::recordComponent)
                    .collect(Collectors.joining(", ", "(", ")")));
        }
        Type superclass = type.getGenericSuperclass();
        if (kind.equals("class") && superclass != Object.class) {
            text.append(" extends ").append(name(superclass));
        }
        // Every annotation interface extends java.lang.annotation.Annotation: not repeated.
        List<String> interfaces = type.isAnnotation() ? List.of() : Arrays.stream(type.getGenericInterfaces())
                .map(ApiSignature::name)
                .toList();
        if (!interfaces.isEmpty()) {
            text.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
        }
        if (type.isSealed() && !type.isEnum()) {
            text.append(" permits ").append(Arrays.stream(type.getPermittedSubclasses())
                    .map(ApiSignature::name)
                    .sorted()
                    .collect(Collectors.joining(", ")));
        }
        return text.toString();
    }

    /**
     * @param constructor a constructor
     * @return its modifiers, type parameters, the simple name of its class, parameters and exceptions
     */
    static String constructor(Constructor<?> constructor) {
        List<Type> parameters = new ArrayList<>(List.of(constructor.getGenericParameterTypes()));
        Class<?> owner = constructor.getDeclaringClass();
        // The generic parameters of an inner class's constructor leave out the enclosing instance,
        // unless the class file has no generic signature for it: then they are the erased ones.
        if (owner.isMemberClass() && !Modifier.isStatic(owner.getModifiers())
                && parameters.size() == constructor.getParameterCount()) {
            parameters.remove(0);
        }
        return modifiers(constructor) + typeParameters(constructor.getTypeParameters(), " ")
                + owner.getSimpleName() + parameters(constructor, parameters) + exceptions(constructor);
    }

    /**
     * @param method a method
     * @return its modifiers, type parameters, return type, name, parameters, exceptions and, for an
     *         annotation's element, its default value
     */
    static String method(Method method) {
        String text = modifiers(method) + typeParameters(method.getTypeParameters(), " ")
                + name(method.getGenericReturnType()) + " " + method.getName()
                + parameters(method, List.of(method.getGenericParameterTypes())) + exceptions(method);
        Object defaultValue = method.getDefaultValue();
        return defaultValue == null ? text : text + " default " + annotationValue(defaultValue);
    }

    /**
     * @param field a field
     * @return its modifiers, type and name; for an enum constant, "constant" and its name
     */
    static String field(Field field) {
        if (field.isEnumConstant()) {
            return "constant " + field.getName();
        }
        List<String> words = new ArrayList<>();
        words.add(visibility(field.getModifiers()));
        if (Modifier.isStatic(field.getModifiers())) {
            words.add("static");
        }
        if (Modifier.isFinal(field.getModifiers())) {
            words.add("final");
        }
        words.add(name(field.getGenericType()));
        words.add(field.getName());
        return String.join(" ", words);
    }

    /**
     * @param type a type as reflection gives it
     * @return the type as source code writes it, with fully qualified names
     */
    static String name(Type type) {
        if (type instanceof Class<?> c) {
            return c.getCanonicalName();
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            String rawName = p.getOwnerType() instanceof ParameterizedType owner
                    ? name(owner) + "." + raw.getSimpleName()
                    : raw.getCanonicalName();
            return rawName + Arrays.stream(p.getActualTypeArguments())
                    .map(ApiSignature::name)
                    .collect(Collectors.joining(", ", "<", ">"));
        }
        if (type instanceof GenericArrayType array) {
            return name(array.getGenericComponentType()) + "[]";
        }
        if (type instanceof WildcardType wildcard) {
            if (wildcard.getLowerBounds().length > 0) {
                return "? super " + name(wildcard.getLowerBounds()[0]);
            }
            Type upper = wildcard.getUpperBounds()[0];
            return upper == Object.class ? "?" : "? extends " + name(upper);
        }
        return ((TypeVariable<?>) type).getName();
    }

    private static String kind(Class<?> type) {
        if (type.isAnnotation()) {
            return "@interface";
        }
        if (type.isInterface()) {
            return "interface";
        }
        if (type.isEnum()) {
            return "enum";
        }
        return type.isRecord() ? "record" : "class";
    }

    private static String recordComponent(RecordComponent component) {
        return name(component.getGenericType()) + " " + component.getName();
    }

    private static String modifiers(Executable executable) {
        int modifiers = executable.getModifiers();
        List<String> words = new ArrayList<>();
        words.add(visibility(modifiers));
        if (Modifier.isStatic(modifiers)) {
            words.add("static");
        }
        // Every method of an interface that is neither static nor default is abstract: not repeated.
        if (Modifier.isAbstract(modifiers) && !executable.getDeclaringClass().isInterface()) {
            words.add("abstract");
        }
        if (executable instanceof Method method && method.isDefault()) {
            words.add("default");
        }
        if (Modifier.isFinal(modifiers)) {
            words.add("final");
        }
        return String.join(" ", words) + " ";
    }

    private static String visibility(int modifiers) {
        return Modifier.isPublic(modifiers) ? "public" : "protected";
    }

    private static String typeParameters(TypeVariable<?>[] variables, String after) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables)
                .map(ApiSignature::typeParameter)
                .collect(Collectors.joining(", ", "<", ">" + after));
    }

    private static String typeParameter(TypeVariable<?> variable) {
        List<String> bounds = Arrays.stream(variable.getBounds())
                .filter(bound -> bound != Object.class)
                .map(ApiSignature::name)
                .toList();
        return bounds.isEmpty() ? variable.getName() : variable.getName() + " extends " + String.join(" & ", bounds);
    }

    private static String parameters(Executable executable, List<Type> types) {
        List<String> names = new ArrayList<>(types.stream().map(ApiSignature::name).toList());
        if (executable.isVarArgs()) {
            String last = names.remove(names.size() - 1);
            names.add(last.substring(0, last.length() - "[]".length()) + "...");
        }
        return "(" + String.join(", ", names) + ")";
    }

    private static String exceptions(Executable executable) {
        Type[] exceptions = executable.getGenericExceptionTypes();
        if (exceptions.length == 0) {
            return "";
        }
        return Arrays.stream(exceptions)
                .map(ApiSignature::name)
                .collect(Collectors.joining(", ", " throws ", ""));
    }

    private static String annotationValue(Object value) {
        if (value.getClass().isArray()) {
            return IntStream.range(0, Array.getLength(value))
                    .mapToObj(i -> annotationValue(Array.get(value, i)))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof String string) {
            return '"' + string + '"';
        }
        if (value instanceof Class<?> c) {
            return c.getCanonicalName() + ".class";
        }
        if (value instanceof Enum<?> constant) {
            return constant.getDeclaringClass().getCanonicalName() + "." + constant.name();
        }
        // A number or a boolean; a nested annotation would print as its JDK's toString() does.
        return String.valueOf(value);
    }
}
