/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.reflect.Type;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Reads a message body into the parameter type of an {@link dev.outbox.handler.OutboxHandler}
 * method.
 */
@FunctionalInterface
interface BodyReader {

    /**
     * @param type the type to read into
     * @return a reader of bodies into that type
     */
    Reading forType(Type type);

    /**
     * @param beanFactory where the application's JSON mapper is
     * @return a JSON reader when Jackson is on the class path, else null
     */
    static @Nullable BodyReader detect(ListableBeanFactory beanFactory) {
        return ClassUtils.isPresent("tools.jackson.databind.json.JsonMapper", BodyReader.class.getClassLoader())
                ? JacksonBodyReader.of(beanFactory) : null;
    }

    /** Reads one body. */
    @FunctionalInterface
    interface Reading {

        Object read(String body) throws Exception;
    }
}
