/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.util.concurrent.CompletableFuture;

import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;

/**
 * Completes a future with the broker message id of one asynchronous send when the broker answered
 * {@link SendStatus#SEND_OK}, and fails it on any other status or on an error.
 */
final class SendResultCallback implements SendCallback {

    private final CompletableFuture<String> brokerMessageId = new CompletableFuture<>();

    /**
     * @return the future of the message id: {@link SendResult#getMsgId()}
     */
    CompletableFuture<String> brokerMessageId() {
        return this.brokerMessageId;
    }

    @Override
    public void onSuccess(SendResult result) {
        if (result.getSendStatus() == SendStatus.SEND_OK) {
            this.brokerMessageId.complete(result.getMsgId());
        }
        else {
            this.brokerMessageId.completeExceptionally(RocketMqDeliveryException.notConfirmed(
                    "not confirmed by the broker: " + result.getSendStatus() + " (" + meaning(result.getSendStatus())
                            + "), message id " + result.getMsgId() + ", queue " + result.getMessageQueue()));
        }
    }

    @Override
    public void onException(Throwable error) {
        this.brokerMessageId.completeExceptionally(error);
    }

    private static String meaning(SendStatus status) {
        return switch (status) {
            case FLUSH_DISK_TIMEOUT -> "the broker flushes synchronously and did not write the message to disk in time";
            case FLUSH_SLAVE_TIMEOUT -> "the broker replicates synchronously and its slave did not confirm in time";
            case SLAVE_NOT_AVAILABLE -> "the broker replicates synchronously and has no slave to replicate to";
            default -> "the broker did not store it as its configuration requires";
        };
    }
}
