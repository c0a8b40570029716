/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.reflect.Type;

import org.springframework.beans.factory.ListableBeanFactory;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads JSON bodies with the application's Jackson mapper (the one the outbox serializes payloads
 * with), or Jackson's shared mapper when the application has none.
 */
final class JacksonBodyReader implements BodyReader {

    private final ObjectMapper mapper;

    private JacksonBodyReader(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    static JacksonBodyReader of(ListableBeanFactory beanFactory) {
        ObjectMapper mapper = beanFactory.getBeanProvider(JsonMapper.class).getIfUnique();
        return new JacksonBodyReader((mapper != null) ? mapper
                : beanFactory.getBeanProvider(ObjectMapper.class).getIfUnique(JsonMapper::shared));
    }

    @Override
    public Reading forType(Type type) {
        JavaType javaType = this.mapper.getTypeFactory().constructType(type);
        return body -> this.mapper.readValue(body, javaType);
    }
}
