/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a Spring MVC handler method safe to retry with the {@value #HEADER} request header, as the IETF draft
 * "The Idempotency-Key HTTP Header Field" and Stripe's API describe it. The starter's filter runs the whole request
 * in one transaction of the application's transaction manager, which the handler's {@code @Transactional} services
 * join, and claims the key in it before the handler runs:
 * <ul>
 * <li>the first request with a key runs; a 2xx response (status, {@code Location}, {@code Content-Type}, body) is
 * stored in the same transaction as the handler's writes and sent after the commit;</li>
 * <li>a retry after it completed gets the stored response, byte for byte, with {@value #REPLAYED_HEADER}:
 * {@code true}, and the handler does not run;</li>
 * <li>a retry while the first is still running waits for its transaction to end and then gets the stored
 * response; if that takes longer than the database's lock wait timeout, it gets 409 with a problem detail;</li>
 * <li>the same key on a different request (method, path or body) gets 422 with a problem detail;</li>
 * <li>a missing key where it is {@link #required()} gets 400, a bad key (blank, longer than 255 characters,
 * control characters) too, and nothing is written;</li>
 * <li>a first request that failed (any status but 2xx, or an exception) is rolled back and stores nothing, so the
 * retry runs again.</li>
 * </ul>
 * Keys are kept per operation (method and path pattern, for example {@code POST /orders/{id}/tracking}) for
 * {@code outbox.idempotency.retention}. The handler must answer synchronously.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface IdempotentRequest {

    /** The request header that carries the key. */
    String HEADER = "Idempotency-Key";

    /** The response header that marks a replayed response. */
    String REPLAYED_HEADER = "Idempotent-Replayed";

    /**
     * @return whether a request without the {@value #HEADER} header is refused with 400; when false, it runs as if
     * the method had no annotation
     */
    boolean required() default true;
}
