/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The order service on Spring Data JPA and Hibernate.
 */
@NullMarked
package dev.outbox.sample.jpa;

import org.jspecify.annotations.NullMarked;
