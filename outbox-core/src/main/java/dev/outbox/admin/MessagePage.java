/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.util.List;

import dev.outbox.message.MessageSummary;
import org.jspecify.annotations.Nullable;

/**
 * A page of messages in id order.
 *
 * @param messages the messages of this page
 * @param nextAfterId the {@code afterId} of the next page, or null when this is the last page
 */
public record MessagePage(List<MessageSummary> messages, @Nullable Long nextAfterId) {

    /**
     * @param messages the messages of this page
     * @param nextAfterId the {@code afterId} of the next page, or null when this is the last page
     */
    public MessagePage {
        messages = List.copyOf(messages);
    }
}
